module github.com/a2a-conform/a2a-conform/runner/adapters/a2a-go

go 1.26.0

replace github.com/a2a-conform/a2a-conform => ../../..

require (
	github.com/a2a-conform/a2a-conform v0.0.0-00010101000000-000000000000
	github.com/a2aproject/a2a-go/v2 v2.3.1
	google.golang.org/grpc v1.85.0
)

require (
	github.com/go-jose/go-jose/v4 v4.1.9 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/gorilla/mux v1.8.1 // indirect
	github.com/gowebpki/jcs v1.0.2 // indirect
	golang.org/x/mod v0.41.0 // indirect
	golang.org/x/net v0.60.0 // indirect
	golang.org/x/sync v0.23.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/text v0.42.0 // indirect
	google.golang.org/genproto/googleapis/api v0.0.0-20260817212433-ac3dfec99bb1 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260817212433-ac3dfec99bb1 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)
