package goqu

import "github.com/doug-martin/goqu/v9/exp"

type Ex = exp.Ex

type SelectDataset struct{}

func From(table ...any) *SelectDataset                           { return &SelectDataset{} }
func (d *SelectDataset) Where(expressions ...any) *SelectDataset { return d }
func C(col string) exp.IdentifierExpression                      { return nil }
