/// The parts of a control sequence (`ESC [` …) or single-shift sequence (`ESC O` …) as ECMA-48
/// lays them out: an optional private marker, numeric parameters, intermediate bytes and a final byte.
///
/// Parameters are separated by `;`; each may hold sub-parameters separated by `:` (the kitty keyboard
/// protocol sends `97:65;2:1u`). An empty parameter or sub-parameter is `nil`, so the key table can
/// apply each sequence's own default.
struct ControlSequence: Equatable, Sendable {
    /// `<`, `=`, `>` or `?` when the sequence begins with one. Terminals use these for replies and
    /// mouse reports, never for keys.
    var privateMarker: UInt8?
    /// The parameters, each a list of its sub-parameters; empty when the sequence has none.
    var parameters: [[Int?]]
    /// The bytes 0x20–0x2F that came after the parameters.
    var intermediates: [UInt8]
    /// The byte that ended the sequence.
    var final: UInt8

    /// Large enough for any code point, small enough that arithmetic on it cannot overflow.
    private static let largestParameter = 9_999_999

    /// Parses the bytes between the introducer and the final byte; `nil` when they are not laid out
    /// as ECMA-48 requires (a private marker after the first byte, a digit after an intermediate).
    init?(parameterBytes: some Collection<UInt8>, final: UInt8) {
        self.final = final
        var remaining = parameterBytes[...]
        if let first = remaining.first, (0x3C...0x3F).contains(first) {
            privateMarker = first
            remaining = remaining.dropFirst()
        } else {
            privateMarker = nil
        }
        var parameters: [[Int?]] = []
        var field: [Int?] = []
        var number: Int?
        var intermediates: [UInt8] = []
        for byte in remaining {
            switch byte {
            case 0x30...0x3B where !intermediates.isEmpty:
                return nil
            case 0x30...0x39:
                number = min((number ?? 0) * 10 + Int(byte - 0x30), Self.largestParameter)
            case 0x3A:
                field.append(number)
                number = nil
            case 0x3B:
                field.append(number)
                parameters.append(field)
                field = []
                number = nil
            case 0x20...0x2F:
                intermediates.append(byte)
            default:
                return nil
            }
        }
        if remaining.contains(where: { (0x30...0x3B).contains($0) }) {
            field.append(number)
            parameters.append(field)
        }
        self.parameters = parameters
        self.intermediates = intermediates
    }

    /// The first sub-parameter of the parameter at `index`, or `nil` when it is absent or empty.
    func parameter(_ index: Int) -> Int? {
        subparameter(index, 0)
    }

    /// The sub-parameter at `subindex` of the parameter at `index`, or `nil` when absent or empty.
    func subparameter(_ index: Int, _ subindex: Int) -> Int? {
        guard parameters.indices.contains(index), parameters[index].indices.contains(subindex) else { return nil }
        return parameters[index][subindex]
    }
}
