//! Compiles the generated parser and the hand-written external scanner.

fn main() {
    let src_dir = std::path::Path::new("src");

    let mut c_config = cc::Build::new();
    c_config.std("c11").include(src_dir);
    // The generated parser has unused parameters and large switch statements; its warnings are
    // not ours to fix.
    c_config.flag_if_supported("-Wno-unused-parameter");
    c_config.flag_if_supported("-Wno-unused-but-set-variable");
    c_config.flag_if_supported("-Wno-trigraphs");

    #[cfg(target_env = "msvc")]
    c_config.flag("-utf-8");

    for file in ["parser.c", "scanner.c"] {
        let path = src_dir.join(file);
        c_config.file(&path);
        println!("cargo:rerun-if-changed={}", path.to_str().unwrap());
    }
    println!("cargo:rerun-if-changed=src/tree_sitter/parser.h");

    c_config.compile("tree-sitter-mdip");
}
