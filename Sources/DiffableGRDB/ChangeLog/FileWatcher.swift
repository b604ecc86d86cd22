#if GRDB
    import Foundation
    import Synchronization

    #if canImport(Glibc)
        import Glibc

        /// Calls a function soon after any file in a directory is written, through Linux's inotify:
        /// a commit by another process writes the database's files, so the change feed can look at
        /// once instead of at its next poll. One thread per feed, whatever the number of
        /// controllers.
        final class _FileWatcher: Sendable {
            private final class Flag: Sendable {
                let value = Atomic(false)
            }

            private let descriptor: Int32
            private let watch: Int32
            private let isStopped = Flag()

            /// Watches `directory`, or returns `nil` where inotify is not available.
            init?(directory: String, onChange: @escaping @Sendable () -> Void) {
                let descriptor = inotify_init1(Int32(IN_CLOEXEC))
                guard descriptor >= 0 else { return nil }
                let watch = inotify_add_watch(
                    descriptor, directory, UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO))
                guard watch >= 0 else {
                    close(descriptor)
                    return nil
                }
                self.descriptor = descriptor
                self.watch = watch
                let isStopped = isStopped
                // A thread of its own, blocked in read(2) until a file changes: inotify has no
                // async interface here, and a blocked thread of Swift's pool would stall tasks.
                Thread.detachNewThread { [descriptor] in
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while true {
                        let count = buffer.withUnsafeMutableBytes {
                            read(descriptor, $0.baseAddress, $0.count)
                        }
                        if count <= 0 && errno != EINTR || isStopped.value.load(ordering: .acquiring) {
                            break
                        }
                        onChange()
                    }
                    close(descriptor)
                }
            }

            /// Stops watching; the watching thread wakes (removing the watch sends it an event) and
            /// ends.
            func stop() {
                guard !isStopped.value.exchange(true, ordering: .acquiringAndReleasing) else { return }
                inotify_rm_watch(descriptor, watch)
            }

            deinit { stop() }
        }
    #else
        /// Elsewhere, the feed relies on its poll alone.
        final class _FileWatcher: Sendable {
            init?(directory: String, onChange: @escaping @Sendable () -> Void) { return nil }
            func stop() {}
        }
    #endif
#endif
