fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let a = mdip_analysis::analyze(&text);
    for d in &a.diagnostics {
        println!(
            "{} {:?} {} exp={}",
            d.code.as_str(),
            d.span,
            d.message,
            d.expected
        );
    }
    for o in &a.orders {
        println!("{:?} {:?} {}", o.kind, o.status, o.reason);
    }
}
