package check

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/promohq/promo/internal/sitetest"
)

func TestReachFollowsImportsLikeTheBundler(t *testing.T) {
	root := sitetest.Write(t, `
-- campaigns/x/page.tsx --
import {
  Hero,
  useT,
} from "@promo/components";
import type { PageData } from "@promo/components/runtime/types";
import "./side-effect";
import React from "react";
const Lazy = lazy(() => import("./Lazy"));
-- campaigns/x/side-effect.ts --
export {};
-- campaigns/x/Lazy.tsx --
export { helper } from "../../components/helper";
-- components/index.ts --
export { Hero } from "./template/Hero";
export * from "./runtime/useT";
export type { PageData } from "./runtime/types";
-- components/template/Hero.tsx --
import styles from "./hero.css";
-- components/template/hero.css --
-- components/runtime/useT.ts --
-- components/runtime/types.ts --
-- components/helper/index.ts --
-- components/template/Hero.test.tsx --
`)
	src := newSources(root, filepath.Join(root, "components"))
	var got []string
	for _, f := range src.reach(filepath.Join(root, "campaigns/x/page.tsx")) {
		got = append(got, src.display(f))
	}
	slices.Sort(got)
	want := []string{"campaigns/x/Lazy.tsx", "campaigns/x/page.tsx", "campaigns/x/side-effect.ts",
		"components/helper/index.ts", "components/index.ts", "components/runtime/useT.ts", "components/template/Hero.tsx"}
	if !slices.Equal(got, want) {
		t.Errorf("reach:\n got %v\nwant %v", got, want)
	}
	var lib []string
	for _, f := range src.library() {
		lib = append(lib, src.display(f))
	}
	if want := []string{"components/helper/index.ts", "components/index.ts", "components/runtime/types.ts", "components/runtime/useT.ts", "components/template/Hero.tsx"}; !slices.Equal(lib, want) {
		t.Errorf("library (tests and styles left out):\n got %v\nwant %v", lib, want)
	}
}
