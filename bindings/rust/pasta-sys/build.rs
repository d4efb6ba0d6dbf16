// Links libpasta through pkg-config (pasta.pc, installed by the project's CMake:
// `cmake --install BUILD --prefix DIR`, then PKG_CONFIG_PATH=DIR/lib/pkgconfig).
// Static by default (pkg-config --static: libsodium and the OpenMP runtime come from
// Requires.private/Libs.private); PASTA_LINK=dylib links libpasta.so instead (then run
// with LD_LIBRARY_PATH=PREFIX/lib). It also compiles layout.c (-fsyntax-only, $CC or cc)
// against the installed headers: the C side of the compile-time layout checks.
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
    check_c_layout();
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

/// The headers' sizes and offsets, asserted with _Static_assert in layout.c.
fn check_c_layout() {
    println!("cargo:rerun-if-changed=layout.c");
    println!("cargo:rerun-if-env-changed=CC");
    let pc = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into());
    let out = Command::new(&pc).args(["--cflags", "pasta"]).output().expect("pkg-config --cflags pasta");
    assert!(out.status.success(), "pasta-sys: pkg-config --cflags pasta failed");
    let cflags = String::from_utf8(out.stdout).expect("pkg-config output is not UTF-8");
    let cc = env::var("CC").unwrap_or_else(|_| "cc".into());
    let mut cmd = Command::new(&cc);
    cmd.args(["-std=c11", "-fsyntax-only"]).args(cflags.split_whitespace());
    cmd.arg(std::path::Path::new(&env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR")).join("layout.c"));
    let out = cmd.output().unwrap_or_else(|e| panic!("pasta-sys: cannot run {}: {}", cc, e));
    if !out.status.success() {
        panic!(
            "pasta-sys: the C layout check (layout.c) failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
