import Foundation
import Testing

@testable import DiffableWeb

@Suite("Web protocol")
struct ProtocolTests {
    @Test func textIsEscapedSoNothingBecomesMarkup() {
        let value = JSONValue.object([("t", .string("<img src=x onerror=alert(1)> & \"quotes\"\n\u{1}"))])
        #expect(value.text == #"{"t":"\u003cimg src=x onerror=alert(1)\u003e \u0026 \"quotes\"\n\u0001"}"#)
    }

    /// Numbers, nesting and characters outside ASCII written as JSON itself would read them.
    @Test func valuesAreWrittenAsFoundationReadsThem() throws {
        let value = JSONValue.object([
            ("n", .ints([0, 7, -42, Int.max, Int.min])), ("b", .array([.bool(true), .bool(false), .null])),
            ("s", .string("Crème brûlée 🍮 \u{2028}<\\\t")), ("e", .object([])),
        ])
        let read = try #require(
            try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as? [String: Any])
        #expect(read["n"] as? [Int] == [0, 7, -42, Int.max, Int.min])
        #expect(read["s"] as? String == "Crème brûlée 🍮 \u{2028}<\\\t")
        #expect(
            value.text.hasPrefix(
                #"{"n":[0,7,-42,9223372036854775807,-9223372036854775808],"b":[true,false,null],"#))
        #expect(value.text.contains(#"\u2028\u003c\\\t"#))
    }

    @Test func cellContentCarriesTextsAndDropsUnsafeImageURLs() {
        var content = WebCellContent(style: .list)
        content.text = "Soup"
        content.imageURL = WebCellContent.safeImageURL("javascript:alert(1)")
        content.image = "🍲"
        #expect(content.json.text == #"{"s":"list","t":"Soup","i":"🍲"}"#)
        #expect(WebCellContent.safeImageURL("/images/soup.png") == "/images/soup.png")
        #expect(WebCellContent.safeImageURL("//evil.example/x.png") == nil)
        #expect(WebCellContent.safeImageURL("HTTPS://example.com/a.png") != nil)
        #expect(WebCellContent.safeImageURL("data:image/png;base64,AAAA") == nil)
    }

    @Test func wellFormedMessagesDecode() throws {
        #expect(
            try ClientMessage.decode(
                #"{"t":"hello","version":2,"page":"/list?seed=3","session":null,"top":0,"height":800.5,"width":1024}"#
            )
                == .hello(
                    session: nil, page: "/list?seed=3",
                    viewport: WebViewport(top: 0, height: 801, width: 1024)))
        #expect(
            try ClientMessage.decode(
                #"{"t":"viewport","top":120,"height":800,"width":1024,"strips":[[7,300]]}"#)
                == .viewport(WebViewport(top: 120, height: 800, width: 1024), strips: [7: 300]))
        #expect(try ClientMessage.decode(#"{"t":"select","k":12}"#) == .select(key: 12))
        #expect(
            try ClientMessage.decode(#"{"t":"move","k":12,"s":3,"i":0}"#)
                == .move(key: 12, section: 3, index: 0))
        #expect(try ClientMessage.decode(#"{"t":"action","k":12,"a":1}"#) == .action(key: 12, index: 1))
        #expect(try ClientMessage.decode(#"{"t":"search","q":"<b>"}"#) == .search("<b>"))
    }

    @Test(arguments: [
        ("", "message is not JSON"),
        ("{\"t\":\"select\"", "message is not JSON"),
        ("[1,2]", "message is not a JSON object"),
        ("{\"t\":\"explode\"}", "unknown message type"),
        ("{\"t\":\"select\",\"k\":1.5}", "'k' is not an integer in 1...2147483647"),
        ("{\"t\":\"select\",\"k\":0}", "'k' is not an integer in 1...2147483647"),
        ("{\"t\":\"select\",\"k\":\"1\"}", "'k' is not an integer in 1...2147483647"),
        ("{\"t\":\"select\",\"k\":1,\"extra\":true}", "unexpected member 'extra' in a select message"),
        ("{\"t\":\"select\"}", "missing 'k'"),
        (
            "{\"t\":\"hello\",\"version\":1,\"page\":\"/\",\"top\":0,\"height\":1,\"width\":1}",
            "unknown version: this server speaks version 2"
        ),
        (
            "{\"t\":\"hello\",\"v\":2,\"page\":\"/\",\"top\":0,\"height\":1,\"width\":1}",
            "missing 'version'"
        ),
        (
            "{\"t\":\"hello\",\"version\":2,\"page\":\"list\",\"top\":0,\"height\":1,\"width\":1}",
            "page is not a path"
        ),
        (
            "{\"t\":\"hello\",\"version\":2,\"page\":\"/\",\"session\":\"../x\",\"top\":0,\"height\":1,\"width\":1}",
            "session is not hexadecimal"
        ),
        (
            "{\"t\":\"viewport\",\"top\":-5,\"height\":1,\"width\":1}",
            "'top' is not an integer in 0...1000000000"
        ),
        (
            "{\"t\":\"viewport\",\"top\":1e300,\"height\":1,\"width\":1}",
            "'top' is not an integer in 0...1000000000"
        ),
        (
            "{\"t\":\"viewport\",\"top\":0,\"height\":1,\"width\":1,\"strips\":[[1]]}",
            "a strip is not [key, offset]"
        ),
        ("{\"t\":\"action\",\"k\":1,\"a\":64}", "'a' is not an integer in 0...63"),
        ("[[[[[]]]]]", "message is nested too deeply"),
    ])
    func malformedMessagesAreRefusedWithAReason(text: String, reason: String) {
        #expect(throws: ClientMessageError(reason)) { try ClientMessage.decode(text) }
    }

    @Test func oversizedMessagesAreRefused() {
        let text = #"{"t":"search","q":""# + String(repeating: "a", count: 9000) + #""}"#
        #expect(throws: ClientMessageError("message of 9021 bytes is over the limit of 8192")) {
            try ClientMessage.decode(text)
        }
        let long = #"{"t":"search","q":""# + String(repeating: "a", count: 257) + #""}"#
        #expect(throws: ClientMessageError("'q' is too long")) { try ClientMessage.decode(long) }
    }

    @Test func theAccessRulesHoldOutsidersOff() {
        let loopback = WebAccess(host: "127.0.0.1", port: 8080, token: nil)
        #expect(loopback.allowsHost("127.0.0.1:8080"))
        #expect(loopback.allowsHost("localhost:8080"))
        #expect(loopback.allowsHost("[::1]:8080"))
        #expect(!loopback.allowsHost("evil.example:8080"), "a rebound name")
        #expect(!loopback.allowsHost("127.0.0.1:9999"))
        #expect(!loopback.allowsHost(nil))
        #expect(loopback.allowsOrigin("http://127.0.0.1:8080", authority: "127.0.0.1:8080"))
        #expect(!loopback.allowsOrigin("http://evil.example", authority: "127.0.0.1:8080"))
        #expect(!loopback.allowsOrigin("null", authority: "127.0.0.1:8080"), "a file or a sandboxed frame")
        #expect(!loopback.allowsOrigin("http://127.0.0.1:8080.evil.example", authority: "127.0.0.1:8080"))
        #expect(loopback.allowsOrigin(nil, authority: "127.0.0.1:8080"), "not a browser")
        #expect(loopback.allowsOrigin("ws://localhost", authority: "127.0.0.1:8080"), "not a browser either")
        let remote = WebAccess(host: "0.0.0.0", port: 8080, token: "s3cret")
        #expect(remote.allowsHost("anything:8080"))
        #expect(!remote.hasToken(query: nil, cookie: nil))
        #expect(!remote.hasToken(query: "token=wrong", cookie: nil))
        #expect(remote.hasToken(query: "a=1&token=s3cret", cookie: nil))
        #expect(remote.hasToken(query: nil, cookie: "x=1; diffable_token=s3cret"))
        #expect(
            WebAccess.isLoopback("127.0.0.1") && WebAccess.isLoopback("::1")
                && !WebAccess.isLoopback("0.0.0.0"))
    }

    @Test func thePageEscapesItsTitleAndLoadsOnlyTheServersScript() {
        let html = WebAccess.html(title: "<script>alert(1)</script>")
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains(#"<script type="module" src="/_diffable/client.js"></script>"#))
        #expect(WebAccess.contentSecurityPolicy.contains("script-src 'self';"))
        #expect(!WebAccess.contentSecurityPolicy.contains("unsafe-inline"))
    }
}
