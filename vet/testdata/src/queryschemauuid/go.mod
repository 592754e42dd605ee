module queryschemauuid

go 1.24
