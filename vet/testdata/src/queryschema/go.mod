module queryschema

go 1.24
