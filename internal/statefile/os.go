package statefile

import "os"

// OS is the operating system's file system.
var OS FS = osFS{}

type osFS struct{}

func (osFS) Open(path string) (File, error) {
	if flockMissing != nil {
		return nil, flockMissing // and create nothing
	}
	f, err := os.OpenFile(path, openFlags, 0o600)
	if err != nil {
		return nil, err
	}
	conn, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, err
	}
	return &osFile{f: f, lock: fileLock{conn}}, nil
}

func (osFS) Lstat(path string) (Info, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return Info{}, err
	}
	return info(fi), nil
}

// info returns what the store needs of fi.
func info(fi os.FileInfo) Info {
	id, links := fileIdentity(fi)
	return Info{Mode: fi.Mode(), ID: id, Links: links}
}

type osFile struct {
	f    *os.File
	lock fileLock
}

func (f *osFile) ReadAt(b []byte, off int64) (int, error)  { return f.f.ReadAt(b, off) }
func (f *osFile) WriteAt(b []byte, off int64) (int, error) { return f.f.WriteAt(b, off) }
func (f *osFile) Truncate(size int64) error                { return f.f.Truncate(size) }
func (f *osFile) TryLock() (bool, error)                   { return f.lock.try() }
func (f *osFile) Unlock() error                            { return f.lock.release() }
func (f *osFile) Close() error                             { return f.f.Close() }

func (f *osFile) Stat() (Info, error) {
	fi, err := f.f.Stat()
	if err != nil {
		return Info{}, err
	}
	return info(fi), nil
}
