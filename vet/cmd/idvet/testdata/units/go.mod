module example.com/units

go 1.24
