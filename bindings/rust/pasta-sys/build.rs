// Links libpasta through pkg-config (pasta.pc, installed by the project's CMake:
// `cmake --install BUILD --prefix DIR`, then PKG_CONFIG_PATH=DIR/lib/pkgconfig).
// Static by default (pkg-config --static: libsodium and the OpenMP runtime come from
// Requires.private/Libs.private); PASTA_LINK=dylib links libpasta.so instead (then run
// with LD_LIBRARY_PATH=PREFIX/lib).
use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    println!("cargo:rerun-if-env-changed=PASTA_LINK");
    let link = env::var("PASTA_LINK").unwrap_or_else(|_| "static".to_string());
    let dynamic = match link.as_str() {
        "static" => false,
        "dylib" => true,
        other => panic!("PASTA_LINK={}: expected static or dylib", other),
    };
    let mut cmd = Command::new(env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into()));
    if !dynamic {
        cmd.arg("--static");
    }
    cmd.args(["--libs", "pasta"]);
    let out = cmd.output().unwrap_or_else(|e| panic!("pasta-sys: cannot run pkg-config: {}", e));
    if !out.status.success() {
        panic!(
            "pasta-sys: `pkg-config --libs pasta` failed ({}). Install the library \
             (make test-rust does: cmake --install build-rust --prefix build-rust/prefix) \
             and set PKG_CONFIG_PATH=PREFIX/lib/pkgconfig.",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let libs = String::from_utf8(out.stdout).expect("pkg-config output is not UTF-8");
    for flag in libs.split_whitespace() {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={}", dir);
            // Relink when the library is rebuilt and reinstalled.
            for f in ["libpasta.a", "libpasta.so"] {
                let p = std::path::Path::new(dir).join(f);
                if p.exists() {
                    println!("cargo:rerun-if-changed={}", p.display());
                }
            }
        } else if let Some(lib) = flag.strip_prefix("-l") {
            if lib == "pasta" && !dynamic {
                println!("cargo:rustc-link-lib=static=pasta");
            } else {
                println!("cargo:rustc-link-lib={}", lib);
            }
        } else if flag == "-pthread" {
            println!("cargo:rustc-link-lib=pthread");
        }
    }
}
