import ListsHTTP
import Testing

@Suite struct PercentEncodingTests {
    @Test func escapesAreDecodedAndMalformedOnesRefused() {
        #expect(PercentEncoding.decoded(Array("a%20b%C3%A9+c".utf8)) == Array("a bé+c".utf8))
        #expect(PercentEncoding.decoded(Array("a+b".utf8), plusIsSpace: true) == Array("a b".utf8))
        for malformed in ["%", "%4", "%zz", "a%2"] {
            #expect(PercentEncoding.decoded(Array(malformed.utf8)) == nil, "\(malformed)")
        }
    }

    @Test func whatIsEncodedDecodesBack() {
        let text = "Jürgen Groß/a+b@c~d.e_f-g?h#i&j=k%l"
        #expect(PercentEncoding.encoded(text) == "J%C3%BCrgen%20Gro%C3%9F%2Fa%2Bb%40c~d.e_f-g%3Fh%23i%26j%3Dk%25l")
        #expect(
            PercentEncoding.encoded(text, keeping: "/@")
                == "J%C3%BCrgen%20Gro%C3%9F/a%2Bb@c~d.e_f-g%3Fh%23i%26j%3Dk%25l")
        #expect(PercentEncoding.decoded(Array(PercentEncoding.encoded(text).utf8)) == Array(text.utf8))
    }
}
