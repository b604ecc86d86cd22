#if GRDB
    public import DiffableStore
    public import GRDB

    extension RecordCache
    where
        SectionIdentifierType: DatabaseValueConvertible, ItemIdentifierType: DatabaseValueConvertible,
        Record: FetchableRecord
    {
        /// A cache for a controller's rows; `Record` is read with `SELECT *` from the request's
        /// table, by its item expression.
        ///
        /// - Parameters:
        ///   - controller: The controller whose rows the records belong to.
        ///   - pageSize: How many rows a page holds.
        ///   - pageLimit: How many pages stay cached around the rows asked for last.
        public convenience init(
            controller: FetchedResultsController<SectionIdentifierType, ItemIdentifierType>,
            pageSize: Int = 64,
            pageLimit: Int = 8
        ) {
            let request = controller.request
            let database = controller.database
            @Sendable func query(_ items: [ItemIdentifierType]) -> SQLRequest<Record> {
                SQLRequest<Record>(
                    literal: "SELECT * FROM \(identifier: request.table) WHERE \(request.item) IN \(items)")
            }
            self.init(
                controller: controller, pageSize: pageSize, pageLimit: pageLimit,
                read: { items async throws(FetchedResultsError) in
                    do { return try await database.read { try query(items).fetchAll($0) } } catch {
                        throw FetchedResultsError(grdb: error)
                    }
                },
                readInFeed: { items, reader async throws(FetchedResultsError) in
                    guard let reader = reader as? _SQLiteReader else { return [] }
                    return try await reader.read(exact: false) { try query(items).fetchAll($0) }
                })
        }
    }
#endif
