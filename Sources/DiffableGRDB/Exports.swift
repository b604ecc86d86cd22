// The live queries DiffableGRDB backs: importing DiffableGRDB is enough to use them.
@_exported public import DiffableStore
