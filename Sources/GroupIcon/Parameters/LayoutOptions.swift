/// The values of layout-specific parameters (grid columns, QQ ring centring, ...), kept inside
/// `CompositionParameters` so that one value still describes a whole composite and forms its cache key.
///
/// Each layout declares its options as typed `LayoutOption` keys in its own file; this type only stores what
/// differs from an option's default, so two parameter values that draw the same picture compare equal.
/// Options of every layout are kept when the layout changes (switching back restores them); only the current
/// layout's options are read, and only they appear in `CompositionParameters.identifier`.
public struct LayoutOptions: Hashable, Sendable {
    private var values: [String: StoredOption] = [:]

    /// No option set: every layout option has its default.
    public init() {}

    /// The option's value, or its default when unset.
    public subscript<Value>(option: LayoutOption<Value>) -> Value {
        get { values[option.name].flatMap(Value.init(stored:)) ?? option.defaultValue }
        set { values[option.name] = newValue == option.defaultValue ? nil : newValue.stored }
    }
}

/// A typed key for one layout option: its parameter name (the long option name, e.g. `grid-columns`) and the
/// value it has when nobody set it.
public struct LayoutOption<Value: LayoutOptionValue>: Sendable {
    /// The option's parameter name, which is also its key in `LayoutOptions` and in presets.
    public let name: String
    /// What the option is when nobody set it (and what `LayoutOptions` does not store).
    public let defaultValue: Value

    /// The option called `name`, which is `defaultValue` until set.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name; self.defaultValue = defaultValue
    }
}

/// How an option value is kept: one of a few plain forms, so that `LayoutOptions` stays `Hashable`.
public enum StoredOption: Hashable, Sendable {
    /// An on/off option.
    case flag(Bool)
    /// A whole-number option (grid columns).
    case integer(Int)
    /// A length or ratio in points or as a plain number.
    case number(Double)
    /// A list of numbers (a grid's horizontal and vertical spacing).
    case numbers([Double])
    /// A length relative to the canvas (`RelativeLength`).
    case relative(RelativeLength)
    /// An optional option explicitly set to nil where its default is not nil.
    case absent
}

/// A type a layout option can have.
public protocol LayoutOptionValue: Hashable, Sendable {
    /// The value kept in `stored`, nil when it holds another form.
    init?(stored: StoredOption)
    /// The value as it is kept.
    var stored: StoredOption { get }
}

extension Bool: LayoutOptionValue {
    public init?(stored: StoredOption) {
        guard case .flag(let value) = stored else { return nil }
        self = value
    }
    public var stored: StoredOption { .flag(self) }
}

extension Int: LayoutOptionValue {
    public init?(stored: StoredOption) {
        guard case .integer(let value) = stored else { return nil }
        self = value
    }
    public var stored: StoredOption { .integer(self) }
}

extension Double: LayoutOptionValue {
    public init?(stored: StoredOption) {
        guard case .number(let value) = stored else { return nil }
        self = value
    }
    public var stored: StoredOption { .number(self) }
}

extension Array: LayoutOptionValue where Element == Double {
    public init?(stored: StoredOption) {
        guard case .numbers(let value) = stored else { return nil }
        self = value
    }
    public var stored: StoredOption { .numbers(self) }
}

extension RelativeLength: LayoutOptionValue {
    public init?(stored: StoredOption) {
        guard case .relative(let value) = stored else { return nil }
        self = value
    }
    public var stored: StoredOption { .relative(self) }
}

/// An optional option is unset (its default, normally nil, meaning "automatic") or holds a value.
extension Optional: LayoutOptionValue where Wrapped: LayoutOptionValue {
    public init?(stored: StoredOption) {
        if stored == .absent { self = .none; return }
        guard let value = Wrapped(stored: stored) else { return nil }
        self = .some(value)
    }
    public var stored: StoredOption { self?.stored ?? .absent }
}
