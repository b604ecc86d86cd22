@_exported import Diffable
// The delegate protocols and the types they speak in, which the validating views call.
@_exported import DiffableCells
