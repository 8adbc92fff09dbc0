package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// epoch is every archived file's time: archives of the same source are
// the same bytes whenever they are made.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// entry is one archived file: its name in the archive, its bytes, its mode.
type entry struct {
	name string
	data []byte
	mode int64
}

// pack writes a2a-conform_VERSION_OS_ARCH.tar.gz (.zip for Windows)
// holding the binary and the README.
func pack(out, version, goos, goarch, bin string) (string, error) {
	binary, err := os.ReadFile(bin)
	if err != nil {
		return "", err
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		return "", err
	}
	files := []entry{{filepath.Base(bin), binary, 0o755}, {"README.md", readme, 0o644}}
	name := filepath.Join(out, fmt.Sprintf("a2a-conform_%s_%s_%s", version, goos, goarch))
	if goos == "windows" {
		return name + ".zip", writeZip(name+".zip", files)
	}
	return name + ".tar.gz", writeTarGz(name+".tar.gz", files)
}

func writeTarGz(path string, files []entry) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	gz, _ := gzip.NewWriterLevel(f, gzip.BestCompression) // no name, no time in the header
	tw := tar.NewWriter(gz)
	for _, e := range files {
		hdr := &tar.Header{Name: e.name, Mode: e.mode, Size: int64(len(e.data)), ModTime: epoch,
			Typeflag: tar.TypeReg, Format: tar.FormatPAX, Uname: "root", Gname: "root"}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if _, err := tw.Write(e.data); err != nil {
			return err
		}
	}
	return closeAll(tw, gz, f)
}

func writeZip(path string, files []entry) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	for _, e := range files {
		hdr := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: epoch}
		hdr.SetMode(os.FileMode(e.mode))
		w, err := zw.CreateHeader(hdr)
		if err != nil {
			return err
		}
		if _, err := w.Write(e.data); err != nil {
			return err
		}
	}
	return closeAll(zw, f)
}

func closeAll(cs ...io.Closer) error {
	for _, c := range cs {
		if err := c.Close(); err != nil {
			return err
		}
	}
	return nil
}
