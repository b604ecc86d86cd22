#if Postgres
    import DiffableStore
    import Foundation
    import NIOCore
    import PostgresNIO

    /// Which tables a request reads, as PostgreSQL's plan of its query says, and which listed
    /// rows a change to one of them leads to.
    extension PostgresFetchedResultsRequest {
        /// The tables the query's plan reads besides the request's own (a view's tables, since
        /// the plan expands views; a partition's root), each with its key paths.
        ///
        /// - Throws: ``FetchedResultsError/changeLogUnavailable(table:reason:)`` when the
        ///   request's table's key is not one integer column, or for a key path from a table the
        ///   query does not read.
        package func readTables(_ reader: any _FeedReader) async throws(FetchedResultsError) -> [_ReadTable] {
            let reader = try Self.reader(reader)
            try await requireIntegerKey(reader)
            let plan = try await reader.rows(
                PostgresQuery(
                    unsafeSQL: "EXPLAIN (VERBOSE, FORMAT JSON) \(fetchAll.sql)", binds: fetchAll.binds))
            var scans: [String: Int] = [:]
            for row in plan {
                guard let bytes = row.makeRandomAccess()[0].bytes,
                    let json = try? JSONSerialization.jsonObject(with: Data(String(buffer: bytes).utf8))
                else { continue }
                Self.collectRelations(json, into: &scans)
            }
            let relations = Set(scans.keys)
            var roots = Set<String>()
            if !relations.isEmpty {
                for row in try await reader.rows(
                    """
                    SELECT DISTINCT n.nspname::text, c.relname::text
                    FROM unnest(\(Array(relations))::text[]) AS q(name)
                    CROSS JOIN LATERAL (
                        SELECT coalesce(pg_partition_root(q.name::regclass), q.name::regclass) AS root) AS p
                    JOIN pg_class c ON c.oid = p.root JOIN pg_namespace n ON n.oid = c.relnamespace
                    """)
                {
                    let (schema, name): (String, String)
                    do { (schema, name) = try row.decode((String, String).self) } catch { throw .read(error) }
                    roots.insert(schema == "public" ? name.lowercased() : "\(schema).\(name)".lowercased())
                }
            }
            let own = table.lowercased()
            roots.remove(own)
            // The table scanned again (a subquery over it: a search that keeps its first
            // matches, a row shown by what other rows hold) is a table read like another: a
            // change to it may change which of its rows are shown, or their content, so it
            // costs a whole read unless a key path says which rows it leads to.
            let ownName = own.split(separator: ".", maxSplits: 1).map(String.init)
            let ownScans =
                scans[
                    ownName.count == 2 ? Self.relation(ownName[0], ownName[1]) : Self.relation("public", own)]
                ?? 0
            // The filter's limit scans the table once more, and is followed as its own matter
            // (`dependsOnOtherRows`).
            let ownReads = ownScans - (keepsFirstRows ? 1 : 0)
            if keyPaths.contains(where: { $0.table.lowercased() == own }) || ownReads > 1 {
                roots.insert(own)
            }
            if let stray = keyPaths.first(where: { !roots.contains($0.table.lowercased()) }) {
                throw .changeLogUnavailable(
                    table: stray.table,
                    reason: "the request declares a key path from it, but its query does not read it")
            }
            return roots.sorted().map { name in
                let declared = keyPaths.enumerated().filter { $0.element.table.lowercased() == name }
                return _ReadTable(
                    table: name,
                    keyPaths: declared.isEmpty
                        ? nil
                        : declared.map { _KeyPath(column: $0.element.column.lowercased(), index: $0.offset) })
            }
        }

        /// A relation as the plan's scans are counted by: `"schema"."name"`.
        private static func relation(_ schema: String, _ name: String) -> String {
            "\(_PostgresChangeSource.quote(schema)).\(_PostgresChangeSource.quote(name))"
        }

        /// The relations a plan (EXPLAIN's JSON) scans, as `"schema"."name"`, each with the number
        /// of its scans.
        private static func collectRelations(_ node: Any, into relations: inout [String: Int]) {
            if let object = node as? [String: Any] {
                if let name = object["Relation Name"] as? String {
                    relations[relation(object["Schema"] as? String ?? "public", name), default: 0] += 1
                }
                for value in object.values { collectRelations(value, into: &relations) }
            } else if let array = node as? [Any] {
                for value in array { collectRelations(value, into: &relations) }
            }
        }

        /// Throws unless the request's table's primary key is one integer column: its rows are
        /// followed by it.
        private func requireIntegerKey(_ reader: _PostgresReader) async throws(FetchedResultsError) {
            let found = try await reader.rows(
                """
                SELECT to_regclass(\(from)) IS NOT NULL, ARRAY(
                    SELECT format_type(a.atttypid, a.atttypmod) FROM pg_index i
                    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
                    WHERE i.indisprimary AND i.indrelid = to_regclass(\(from)))
                """)
            let (exists, names): (Bool, [String])
            do { (exists, names) = try found.first?.decode((Bool, [String]).self) ?? (false, []) } catch {
                throw .read(error)
            }
            guard exists else {
                throw .database(
                    PostgresStoreError(
                        kind: .missingTable, message: "table \(table) does not exist", sqlState: "42P01"))
            }
            guard names.count == 1, ["bigint", "integer", "smallint"].contains(names[0]) else {
                throw .changeLogUnavailable(
                    table: table,
                    reason:
                        "a request lists the rows of a table whose primary key is one integer column (bigint, integer or smallint); \(table)'s is \(names.isEmpty ? "missing" : names.joined(separator: ", ")). It may read this table, with a key path from its rows"
                )
            }
        }

        /// The keys of the rows (listed or not) whose key path expression takes one of the values
        /// the leads carry: at most `limit`.
        ///
        /// - Complexity: One indexed lookup per key path with an index on its expression.
        package func rowIDs(_ reader: any _FeedReader, ledBy leads: [_Lead], limit: Int)
            async throws(FetchedResultsError) -> Set<Int64>
        {
            let reader = try Self.reader(reader)
            var binds = PostgresBindings()
            var conditions: [String] = []
            for lead in leads {
                let matches = keyPaths[lead.keyPath.index].matches
                var integers: [Int64] = []
                var texts: [String] = []
                var reals: [Double] = []
                for value in lead.values {
                    switch value {
                    case .integer(let integer): integers.append(integer)
                    case .text(let text): texts.append(text)
                    case .real(let real): reals.append(real)
                    case .blob(let bytes): texts.append(String(decoding: bytes, as: UTF8.self))
                    case .null: break
                    }
                }
                if !integers.isEmpty {
                    binds.append(integers)
                    conditions.append("(\(matches)) = ANY($\(binds.count)::bigint[])")
                }
                if !texts.isEmpty {
                    binds.append(texts)
                    conditions.append("(\(matches))::text = ANY($\(binds.count)::text[])")
                }
                if !reals.isEmpty {
                    binds.append(reals)
                    conditions.append("(\(matches)) = ANY($\(binds.count)::float8[])")
                }
            }
            guard !conditions.isEmpty else { return [] }
            var rowIDs = Set<Int64>()
            for row in try await reader.rows(
                PostgresQuery(
                    unsafeSQL:
                        "SELECT \(key) FROM \(from) WHERE \(conditions.joined(separator: " OR ")) LIMIT \(limit)",
                    binds: binds))
            {
                do { rowIDs.insert(try row.decode(Int64.self)) } catch { throw .read(error) }
            }
            return rowIDs
        }
    }
#endif
