@_exported import Diffable
