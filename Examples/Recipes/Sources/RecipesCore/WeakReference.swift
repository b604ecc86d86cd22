/// A weak reference for cell registrations and handlers made before the object they read exists
/// (a front end's data sources are made before the front end itself).
@MainActor
public final class WeakReference<Object: AnyObject>: Sendable {
    /// The object, once it exists and while it lives.
    public weak var object: Object?

    /// An empty reference: set ``object`` once the object is made.
    public init() {}
}
