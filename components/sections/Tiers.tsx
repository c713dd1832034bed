import { useId } from "react";
import type { Section } from "../runtime/contract.gen";
import { useT, useTextLang } from "../runtime/useT";
import { Amount } from "./frame";
import "./sections.css";

/**
 * The reward tiers: a real table named by its heading, a column header per configured
 * column and a row per tier, its first cell heading the row. Numbers are in the page's
 * locale with their column's unit. On a narrow screen the table scrolls sideways inside
 * its card instead of widening the page; the scroller takes keyboard focus so it can be
 * scrolled without a pointer.
 */
export function TiersSection({ title, columns, units, rows }: Pick<Section, "title" | "columns" | "units" | "rows">) {
  const t = useT();
  const lang = useTextLang();
  const id = useId();
  if (!columns?.length || !rows?.length) return null;
  const heading = title ?? "gmp-lib:sections.tiers"; // for lang(): t() gets the literal key, which the build reads to ship the text
  return (
    <section className="promo-section promo-section--tiers promo-card" aria-labelledby={id}>
      <h2 id={id} className="promo-section-title" lang={lang(heading)}>
        {title ? t(title) : t("gmp-lib:sections.tiers")}
      </h2>
      <div className="promo-tiers__scroll" role="group" aria-labelledby={id} tabIndex={0}>
        <table className="promo-tiers" aria-labelledby={id}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" lang={lang(column)}>
                  {t(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {columns.map((column, c) => {
                  const value = row[c];
                  const cell = value == null ? null : <Amount value={value} unit={units?.[c]} />;
                  return c === 0 ? (
                    <th key={column} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={column}>{cell}</td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
