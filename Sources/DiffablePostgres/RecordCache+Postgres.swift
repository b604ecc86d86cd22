#if Postgres
    public import DiffableStore
    public import PostgresNIO

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
            @Sendable func query(_ items: [ItemIdentifierType]) throws(FetchedResultsError) -> PostgresQuery {
                var binds = PostgresBindings()
                do { try binds.append(items) } catch { throw .read(error) }
                return PostgresQuery(
                    unsafeSQL: "SELECT \(columns) FROM \(request.from) WHERE \(request.item) = ANY($1)",
                    binds: binds)
            }
            @Sendable func records(_ rows: [PostgresRow]) throws(FetchedResultsError) -> [Record] {
                do { return try rows.map(decode) } catch { throw .read(error) }
            }
            self.init(
                controller: controller, pageSize: pageSize, pageLimit: pageLimit,
                read: { items async throws(FetchedResultsError) in
                    let query = try query(items)
                    var rows: [PostgresRow] = []
                    do {
                        for try await row in try await store.client.query(query, logger: store.logger) {
                            rows.append(row)
                        }
                    } catch let error as PSQLError {
                        throw .database(PostgresStoreError(error))
                    } catch {
                        throw .read(error)
                    }
                    return try records(rows)
                },
                readInFeed: { items, reader async throws(FetchedResultsError) in
                    guard let reader = reader as? _PostgresReader else { return [] }
                    return try records(try await reader.rows(try query(items)))
                })
        }
    }
#endif
