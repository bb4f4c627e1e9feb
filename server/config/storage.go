package config

import "path/filepath"

// Storage configures /storage/v1.
type Storage struct {
	Backend       string // STORAGE_BACKEND: "file" (default) or "s3"
	FilePath      string // STORAGE_FILE_PATH, default <DATA_DIR>/storage
	FileSizeLimit int64  // FILE_SIZE_LIMIT: global maximum upload in bytes, default 50 MiB
}

func loadStorage(e env, dataDir string) Storage {
	return Storage{
		Backend:       e.str("STORAGE_BACKEND", "file"),
		FilePath:      e.str("STORAGE_FILE_PATH", filepath.Join(dataDir, "storage")),
		FileSizeLimit: e.int64("FILE_SIZE_LIMIT", 50<<20),
	}
}

func (s Storage) validate() error { return nil }
