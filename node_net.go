//go:build !js && !wasip1

package uuid

import "net"

// netInterfaces lists the host's network interfaces through package net,
// the one file of the package that imports it.
func netInterfaces() ([]netInterface, error) {
	ifs, err := net.Interfaces()
	out := make([]netInterface, len(ifs))
	for i, ifc := range ifs {
		out[i] = netInterface{loopback: ifc.Flags&net.FlagLoopback != 0, addr: ifc.HardwareAddr}
	}
	return out, err
}
