extension TextStyle {
    /// The shortest SGR escape sequence (`ESC [ … m`) that changes a terminal drawing in
    /// `previous` to drawing in this style; empty when the two are equal.
    ///
    /// It either resets (`ESC[0;…m`) and sets what this style has, or changes only what differs
    /// (`22` bold/dim off, `23` italic off, `24` underline off, `27` inverse off, `39`/`49`
    /// default colors) — whichever is shorter.
    ///
    /// ```swift
    /// TextStyle(bold: true).escapeSequence(from: .plain)        // "\u{1B}[1m"
    /// TextStyle.plain.escapeSequence(from: TextStyle(bold: true)) // "\u{1B}[0m"
    /// TextStyle(foreground: .red).escapeSequence(from: nil)      // "\u{1B}[0;31m"
    /// ```
    ///
    /// - Parameter previous: The style the terminal draws in now; `nil` when unknown.
    /// - Complexity: O(1).
    public func escapeSequence(from previous: TextStyle?) -> String {
        let reset = Self.sequence([0] + setParameters)
        guard let previous else { return reset }
        if previous == self { return "" }
        let change = Self.sequence(changeParameters(from: previous))
        return change.utf8.count < reset.utf8.count ? change : reset
    }

    /// The SGR parameters that turn on everything this style has, starting from ``plain``.
    var setParameters: [Int] {
        var parameters: [Int] = []
        if bold { parameters.append(1) }
        if dim { parameters.append(2) }
        if italic { parameters.append(3) }
        if underline { parameters.append(4) }
        if inverse { parameters.append(7) }
        if let foreground { parameters += foreground.sgrParameters(base: 30) }
        if let background { parameters += background.sgrParameters(base: 40) }
        return parameters
    }

    /// The SGR parameters that change `previous` into this style without a full reset.
    private func changeParameters(from previous: TextStyle) -> [Int] {
        var parameters: [Int] = []
        // 22 turns off bold and dim together; put back the one that stays.
        if (previous.bold && !bold) || (previous.dim && !dim) {
            parameters.append(22)
            if bold { parameters.append(1) }
            if dim { parameters.append(2) }
        } else {
            if bold && !previous.bold { parameters.append(1) }
            if dim && !previous.dim { parameters.append(2) }
        }
        if italic != previous.italic { parameters.append(italic ? 3 : 23) }
        if underline != previous.underline { parameters.append(underline ? 4 : 24) }
        if inverse != previous.inverse { parameters.append(inverse ? 7 : 27) }
        if foreground != previous.foreground {
            parameters += foreground?.sgrParameters(base: 30) ?? [39]
        }
        if background != previous.background {
            parameters += background?.sgrParameters(base: 40) ?? [49]
        }
        return parameters
    }

    /// `ESC [ p1 ; p2 … m`.
    private static func sequence(_ parameters: [Int]) -> String {
        "\u{1B}[" + parameters.map(String.init).joined(separator: ";") + "m"
    }
}

extension TerminalColor {
    /// The SGR parameters selecting this color, with `base` 30 for the foreground and 40 for
    /// the background.
    func sgrParameters(base: Int) -> [Int] {
        switch self {
        case .black: [base]
        case .red: [base + 1]
        case .green: [base + 2]
        case .yellow: [base + 3]
        case .blue: [base + 4]
        case .magenta: [base + 5]
        case .cyan: [base + 6]
        case .white: [base + 7]
        case .brightBlack: [base + 60]
        case .brightRed: [base + 61]
        case .brightGreen: [base + 62]
        case .brightYellow: [base + 63]
        case .brightBlue: [base + 64]
        case .brightMagenta: [base + 65]
        case .brightCyan: [base + 66]
        case .brightWhite: [base + 67]
        case .indexed(let index): [base + 8, 5, Int(index)]
        case .rgb(let red, let green, let blue): [base + 8, 2, Int(red), Int(green), Int(blue)]
        }
    }
}
