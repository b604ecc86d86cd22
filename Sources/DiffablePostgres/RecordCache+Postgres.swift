#if Postgres
    public import DiffableStore
    import Dispatch
    public import PostgresNIO
    import Synchronization

    extension RecordCache
    where
        SectionIdentifierType: PostgresDecodable,
        ItemIdentifierType: PostgresDecodable & PostgresArrayEncodable
    {
        /// A cache for a controller's rows on PostgreSQL: a page of records is read with one
        /// `SELECT columns FROM table WHERE item = ANY(…)`, and each row made a record by `decode`.
        ///
        /// ```swift
        /// let titles = RecordCache<String, Int64, Title>(controller: controller, columns: "id, title") { row in
        ///     let (id, title) = try row.decode((Int64, String).self)
        ///     return Title(id: id, title: title)
        /// }
        /// ```
        ///
        /// A miss waits for its page on the calling thread: ask from the main actor (a cell
        /// provider), not from a task of Swift's concurrency pool. Pages read ahead do not wait.
        ///
        /// - Parameters:
        ///   - controller: The controller whose rows the records belong to.
        ///   - pageSize: How many rows a page holds.
        ///   - pageLimit: How many pages stay cached around the rows asked for last.
        ///   - columns: The columns `decode` reads, in SQL.
        ///   - decode: Makes a record of a row.
        public convenience init(
            controller: FetchedResultsController<SectionIdentifierType, ItemIdentifierType>,
            pageSize: Int = 64,
            pageLimit: Int = 8,
            columns: String = "*",
            decode: @escaping @Sendable (PostgresRow) throws -> Record
        ) {
            guard let source = controller.feed.source as? _PostgresChangeSource else {
                preconditionFailure(
                    "RecordCache(controller:columns:decode:) needs a controller on a PostgresStore")
            }
            let store = source.store
            let request = controller.postgresRequest
            @Sendable func readAhead(_ items: [ItemIdentifierType]) async throws(FetchedResultsError)
                -> [Record]
            {
                var binds = PostgresBindings()
                do { try binds.append(items) } catch { throw .read(error) }
                let query = PostgresQuery(
                    unsafeSQL: "SELECT \(columns) FROM \(request.from) WHERE \(request.item) = ANY($1)",
                    binds: binds)
                var records: [Record] = []
                do {
                    for try await row in try await store.client.query(query, logger: store.logger) {
                        records.append(try decode(row))
                    }
                } catch let error as PSQLError {
                    throw .database(PostgresStoreError(error))
                } catch {
                    throw .read(error)
                }
                return records
            }
            self.init(
                controller: controller, pageSize: pageSize, pageLimit: pageLimit,
                read: { items throws(FetchedResultsError) in
                    // Waits on this thread for a task of the pool: see the note on asking.
                    let result = Mutex<Result<[Record], FetchedResultsError>?>(nil)
                    let done = DispatchSemaphore(value: 0)
                    Task {
                        let read: Result<[Record], FetchedResultsError>
                        do throws(FetchedResultsError) { read = .success(try await readAhead(items)) } catch {
                            read = .failure(error)
                        }
                        result.withLock { $0 = read }
                        done.signal()
                    }
                    done.wait()
                    return try result.withLock { $0! }.get()
                },
                readAhead: readAhead)
        }
    }
#endif
