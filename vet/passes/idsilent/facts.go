package idsilent

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idkeys/id/vet/internal/reach"
)

// The facts: setsOption, a function that sets options when called;
// registersCopier, a package that registers a copystructure copier for
// id.ID.

// setsOption is the fact that a function sets options to true when called
// (an options func declared in another package).
type setsOption struct{ Options []string }

func (*setsOption) AFact() {}

func (f *setsOption) String() string { return fmt.Sprint("sets ", f.Options) }

// registersCopier is the fact that a package registers a copystructure
// copier for id.ID.
type registersCopier struct{}

func (*registersCopier) AFact() {}

func (*registersCopier) String() string { return "registers a copier for id.ID" }

// exportFacts records the functions of this package that set an option
// and whether it registers a copier for id.ID.
func (c *checker) exportFacts() {
	pass := c.pass
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func); ok && d.Recv == nil && d.Body != nil {
					c.bodies[fn] = d.Body
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					vs, ok := spec.(*ast.ValueSpec)
					if !ok || len(vs.Values) != len(vs.Names) {
						continue
					}
					for i, name := range vs.Names {
						if lit, ok := ast.Unparen(vs.Values[i]).(*ast.FuncLit); ok {
							if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
								c.bodies[v] = lit.Body
							}
						}
					}
				}
			}
		}
	}
	if reach.Of(pass).Reaches(attributevalue) {
		for fn := range c.bodies {
			var fact setsOption
			for _, opt := range []option{encodeOpt, decodeOpt} {
				if c.objSets(fn, opt, 0) {
					fact.Options = append(fact.Options, opt.String())
				}
			}
			if len(fact.Options) > 0 {
				pass.ExportObjectFact(fn, &fact)
			}
		}
	}
	if reach.Of(pass).Reaches(copystructure) && (c.registers() || c.importsCopier()) {
		pass.ExportPackageFact(&registersCopier{})
	}
}

// importsCopier reports whether a package this one imports registers a
// copystructure copier for id.ID, or imports one that does, directly or
// not: the fact is passed on by each package, so that it does not depend
// on which packages the export data of the imports names.
func (c *checker) importsCopier() bool {
	for _, q := range c.pass.Pkg.Imports() {
		if c.pass.ImportPackageFact(q, new(registersCopier)) {
			return true
		}
	}
	return false
}

// registers reports whether a file of this package assigns
// copystructure.Copiers[reflect.TypeOf(x)] for an x of type id.ID, or
// copystructure.Copiers[reflect.TypeFor[id.ID]()].
func (c *checker) registers() bool {
	info := c.pass.TypesInfo
	found := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || found {
				return !found
			}
			for _, l := range a.Lhs {
				ix, ok := ast.Unparen(l).(*ast.IndexExpr)
				if !ok {
					continue
				}
				sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				v, ok := info.Uses[sel.Sel].(*types.Var)
				if !ok || v.Name() != "Copiers" || v.Pkg() == nil || v.Pkg().Path() != copystructure {
					continue
				}
				if isIDType(info, ix.Index) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}
