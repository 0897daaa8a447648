//go:build js || wasip1

package uuid

// netInterfaces reports no interfaces: a WebAssembly program sees no
// network cards (js/wasm has none, and WASI preview 1 defines no call to
// list them), and package net would add hundreds of kilobytes to every
// binary for nothing. [HardwareNode] falls back to a random node.
func netInterfaces() ([]netInterface, error) { return nil, nil }
