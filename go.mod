module github.com/afb7af96/uuid

go 1.24
