package main

import (
	"net"
	"strconv"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// peersPerAddress is how many peers of a large farm listen on one loopback
// address. A listener on port 0 takes an ephemeral port from half of
// ip_local_port_range (about 14000 on Linux's default), and the kernel's
// search for a free one slows as that half fills: at 10000 peers on
// 127.0.0.1 the search was two thirds of the farm's start CPU. Spread over
// 127.0.0.0/8, each address holds few enough that a free port is found at
// once.
const peersPerAddress = 1000

// spreadHost is the loopback address of the farm's peer number first
// (counting from 0): 127.0.0.1 for the first peersPerAddress, then
// 127.0.0.2, and so on through 127.0.255.254.
func spreadHost(first int) string {
	k := first / peersPerAddress
	return net.IPv4(127, 0, byte(k/254), byte(k%254+1)).String()
}

// spreadable: a copy moves to another address only when none of its peers
// names a host or respells its urls, so a scenario that relies on a host
// (localhost against 127.0.0.1, a look-alike spelling) keeps it.
func spreadable(peers []mockpeer.PeerSpec) bool {
	for _, ps := range peers {
		if ps.Host != "" || ps.Addr != "" || ps.Respell != nil {
			return false
		}
	}
	return true
}

// loopbackSpreads says whether this machine routes 127.0.0.0/8 (Linux
// does; macOS configures 127.0.0.1 alone unless told otherwise): a farm
// that cannot listen on 127.0.0.2 stays on 127.0.0.1.
func loopbackSpreads() bool {
	l, err := net.Listen("tcp", net.JoinHostPort(spreadHost(peersPerAddress), strconv.Itoa(0)))
	if err != nil {
		return false
	}
	l.Close()
	return true
}
