package main

import (
	"fmt"
	"os"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// chartPoints is the most slices of the run a line has. Each slice spans
// at least 4 batches per writer, so that a few batches finishing together
// do not show as a spike.
const chartPoints = 50

// chart draws insert rate against rows inserted, one line per key scheme,
// one panel per database (rows) and number of writers (columns), and
// writes it as a PNG to path.
func chart(rep *report, path string) error {
	rows, cols := len(rep.engines), len(rep.cfg.writers)
	plots := make([][]*plot.Plot, rows)
	for i, er := range rep.engines {
		plots[i] = make([]*plot.Plot, cols)
		for j, w := range rep.cfg.writers {
			p := plot.New()
			writers := "1 writer"
			if w != 1 {
				writers = fmt.Sprintf("%d writers", w)
			}
			p.Title.Text = fmt.Sprintf("%s %s, %s", er.engine, er.version, writers)
			p.X.Label.Text = "rows inserted (thousands)"
			p.Y.Label.Text = "rows/s (thousands)"
			p.Y.Min = 0
			p.Add(plotter.NewGrid())
			var lines []any
			for _, r := range er.results {
				if r.writers != w {
					continue
				}
				parts := max(1, min(chartPoints, r.rows/(rep.cfg.batch*r.writers*4)))
				xs, rates := slices(r.samples, r.rows, parts)
				xys := make(plotter.XYs, len(xs))
				for k := range xs {
					xys[k].X = float64(xs[k]) / 1000
					xys[k].Y = rates[k] / 1000
				}
				lines = append(lines, r.scheme.short, xys)
			}
			if err := plotutil.AddLines(p, lines...); err != nil {
				return err
			}
			p.Legend.Top = true
			p.Legend.Left = false
			plots[i][j] = p
		}
	}
	const panelW, panelH = 6 * vg.Inch, 4 * vg.Inch
	img := vgimg.New(panelW*vg.Length(cols), panelH*vg.Length(rows))
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(plots, tiles, dc)
	for i := range plots {
		for j := range plots[i] {
			plots[i][j].Draw(canvases[i][j])
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
