// The live queries DiffablePostgres backs: importing DiffablePostgres is enough to use them.
@_exported public import DiffableStore
