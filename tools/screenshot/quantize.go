package main

import (
	"image"
	"image/color"
	"image/draw"
	"sort"
)

// quantize is img in at most 256 colours, its most frequent ones: a report
// is flat colours and antialiased text, which a palette of the commonest
// keeps legible at a fraction of a true-colour PNG's size.
func quantize(img image.Image) *image.Paletted {
	b := img.Bounds()
	counts := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			counts[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	colours := make([]color.RGBA, 0, len(counts))
	for c := range counts {
		colours = append(colours, c)
	}
	sort.Slice(colours, func(i, j int) bool {
		if counts[colours[i]] != counts[colours[j]] {
			return counts[colours[i]] > counts[colours[j]]
		}
		a, c := colours[i], colours[j]
		return a.R < c.R || a.R == c.R && (a.G < c.G || a.G == c.G && a.B < c.B)
	})
	palette := color.Palette{}
	for _, c := range colours[:min(len(colours), 256)] {
		palette = append(palette, c)
	}
	out := image.NewPaletted(b, palette)
	draw.Draw(out, b, img, b.Min, draw.Src) // nearest colour, no dithering: text stays crisp
	return out
}
