/* Naming macros for the per-backend templates (docs/DESIGN.md).
 *
 * Before including a template, define PASTA_BACKEND (portable | x86_64_asm) and FIELD
 * (fp | fq); FE is the element type and F(name) the function pasta_<backend>_<field>_<name>.
 */
#ifndef PASTA_BACKENDS_TEMPLATE_H
#define PASTA_BACKENDS_TEMPLATE_H

#define PASTA_CAT_(a, b) a##b
#define PASTA_CAT(a, b) PASTA_CAT_(a, b)
#define PASTA_CAT3(a, b, c) PASTA_CAT(PASTA_CAT(a, b), c)

/* pasta_<backend>_<x>_<name> */
#define PASTA_BNAME(x, name) \
    PASTA_CAT3(PASTA_CAT3(pasta_, PASTA_BACKEND, _), PASTA_CAT(x, _), name)

#define F(name) PASTA_BNAME(FIELD, name)
#define FE PASTA_CAT3(pasta_, FIELD, )
/* Backend-independent per-field names: pasta_<field>_<name> (constants, modinv info). */
#define FC(name) PASTA_CAT3(pasta_, FIELD, PASTA_CAT(_, name))

#endif /* PASTA_BACKENDS_TEMPLATE_H */
