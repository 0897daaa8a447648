package uuid

import (
	"errors"
	"os"
)

// openStateFile is a placeholder until the file store lands.
func openStateFile(path string, mode os.FileMode) (stateStore, error) {
	return nil, errors.New("uuid: state files are not implemented yet")
}
