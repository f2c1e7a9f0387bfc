extension Int {
    /// A byte count for messages: exact below 1 KiB, otherwise KiB/MiB with one decimal.
    package var byteCountDescription: String {
        func oneDecimal(_ value: Int, unit: Int) -> String {
            let tenths = Int((Double(value) * 10 / Double(unit)).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        }
        if self < 1024 { return "\(self) bytes" }
        if self < 1 << 20 { return oneDecimal(self, unit: 1024) + " KiB" }
        return oneDecimal(self, unit: 1 << 20) + " MiB"
    }
}
