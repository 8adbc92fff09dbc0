// Package protoconflict lets one test binary link both gRPC bindings of
// A2A v1.0: the farm's (a2a/grpcpb) and the SDK's (a2a-go's a2apb/v1).
// Both register the same proto names (lf.a2a.v1.*) with the global
// protobuf registry, which panics at init on the second one unless
// GOLANG_PROTOBUF_REGISTRATION_CONFLICT says otherwise
// (https://protobuf.dev/reference/go/faq#namespace-conflict). Each side
// uses its own generated types and never looks the other's up by name, so
// keeping the first registration is harmless.
//
// Only tests import it (blank), the ones that run the farm in-process: the
// adapter binary links the SDK alone. It works because Go initializes
// packages in import-path order once their imports are (spec, "Package
// initialization"): this path sorts before github.com/a2aproject/..., and
// it imports only os, so its init runs before a2apb/v1 registers.
package protoconflict

import "os"

func init() {
	if os.Getenv("GOLANG_PROTOBUF_REGISTRATION_CONFLICT") == "" {
		_ = os.Setenv("GOLANG_PROTOBUF_REGISTRATION_CONFLICT", "ignore")
	}
}
