package main

import (
	"image"
	"image/color"
	"testing"
)

// A picture of few colours keeps every one exactly; one of more keeps 256,
// the commonest, and maps the rest to the nearest.
func TestQuantize(t *testing.T) {
	few := image.NewRGBA(image.Rect(0, 0, 4, 4))
	cols := []color.RGBA{{255, 255, 255, 255}, {207, 34, 46, 255}, {9, 105, 218, 255}}
	for i := range 16 {
		few.Set(i%4, i/4, cols[i%3])
	}
	q := quantize(few)
	for i := range 16 {
		if got := color.RGBAModel.Convert(q.At(i%4, i/4)); got != cols[i%3] {
			t.Errorf("pixel %d: %v, want %v", i, got, cols[i%3])
		}
	}
	many := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range 64 * 64 {
		// 4096 colours, white the most common.
		c := color.RGBA{uint8(i % 64 * 4), uint8(i / 64 * 4), 0, 255}
		if i%2 == 0 {
			c = color.RGBA{255, 255, 255, 255}
		}
		many.Set(i%64, i/64, c)
	}
	q = quantize(many)
	if len(q.Palette) != 256 {
		t.Fatalf("%d colours", len(q.Palette))
	}
	if q.Palette[0] != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("the commonest colour is not first: %v", q.Palette[0])
	}
}
