package generator

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// Updating the output folder in place (DESIGN §7: a repeat build in a fraction of a
// second). Writing the whole output anew costs a file creation per page, asset and
// compressed copy, and removing the previous output as much again: most of a repeat
// build's time on a slow disk. So when the output folder exists, a build writes only
// the files whose content differs (output.flushInPlace: each swapped in whole by a
// rename, the assets a page names before the page) and deletes what it no longer
// makes, files it never wrote included: the folder ends the same as after a build into
// an empty one (a test compares), and a failed build still writes nothing. To know
// what the folder holds without reading it, the build cache records each file the
// build wrote with its size and modification time; a file whose record does not match
// (edited by hand, written by a --no-cache build) is read and compared. Only a build
// into a folder that does not exist yet swaps in a whole new one.

type writtenFile struct {
	Sum     [32]byte
	Size    int64
	ModTime int64 // nanoseconds
}

// writtenOutput is the record of one output folder.
type writtenOutput struct {
	Dir   string
	Files map[string]writtenFile
}

// current finds what dir holds of what the build makes (files, with their sums in
// fileSums). sums has the files known to be the same as some content: by the record
// (size and modification time as recorded), else, for a file the build makes again
// with the same size, by reading it; read lists the latter, whose record is to be
// made anew. unknown lists the other files found (rewritten when the build makes
// them, else deleted). ok is false when dir is not there: the build then swaps in a
// new folder.
func (w *writtenOutput) current(dir string, files map[string][]byte, fileSums map[string][32]byte) (sums map[string][32]byte, read, unknown []string, ok bool) {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, nil, nil, false
	}
	if w == nil || w.Dir != dir {
		w = &writtenOutput{}
	}
	sums = make(map[string][32]byte, len(files))
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		fi, err := d.Info()
		if err != nil || !fi.Mode().IsRegular() {
			unknown = append(unknown, rel)
			return nil
		}
		if rec, known := w.Files[rel]; known && fi.Size() == rec.Size && fi.ModTime().UnixNano() == rec.ModTime {
			sums[rel] = rec.Sum
			return nil
		}
		if data, made := files[rel]; made && int64(len(data)) == fi.Size() {
			if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, data) {
				sums[rel] = fileSums[rel]
				read = append(read, rel)
				return nil
			}
		}
		unknown = append(unknown, rel)
		return nil
	})
	if err != nil {
		return nil, nil, nil, false
	}
	return sums, read, unknown, true
}

// record returns the record, with the files' sums, after a flush into dir that
// changed the files in changed (written, deleted, or found the same by reading them);
// the others are as prev recorded them.
func (o *output) record(dir string, sums map[string][32]byte, prev *writtenOutput, changed []string) (*writtenOutput, error) {
	w := &writtenOutput{Dir: dir, Files: make(map[string]writtenFile, len(o.files))}
	if prev == nil || prev.Dir != dir {
		prev = &writtenOutput{}
	}
	fresh := map[string]bool{}
	for _, rel := range changed {
		fresh[rel] = true
	}
	for rel := range o.files {
		if old, ok := prev.Files[rel]; ok && !fresh[rel] {
			w.Files[rel] = old
			continue
		}
		fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		w.Files[rel] = writtenFile{Sum: sums[rel], Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}
	}
	return w, nil
}

// removeEmptyDirs removes the folders that deleting files left empty, up to dir.
func removeEmptyDirs(dir string, deleted []string) {
	for _, rel := range deleted {
		for d := path.Dir(rel); d != "." && d != "/"; d = path.Dir(d) {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(d))); err != nil {
				if !errors.Is(err, fs.ErrNotExist) {
					break // not empty
				}
			}
		}
	}
}
