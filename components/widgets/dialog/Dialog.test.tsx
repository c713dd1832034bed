import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "./Dialog";

function Harness({ blocking = false }: { blocking?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div id="root">
        <button onClick={() => setOpen(true)}>Open</button>
        <button>Behind</button>
      </div>
      <Dialog open={open} title="Log in" role={blocking ? "alertdialog" : "dialog"} onClose={blocking ? undefined : () => setOpen(false)}>
        <input aria-label="Email" />
        <button>Submit</button>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("is a labelled modal that takes focus, traps Tab and gives focus back on Escape", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);
    // The panel is a lazy chunk: it appears once loaded.
    const dialog = await screen.findByRole("dialog", { name: "Log in" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByLabelText("Email")).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab(); // wraps around, never reaching the page behind
    expect(screen.getByLabelText("Email")).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("makes the page behind inert while open", async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await screen.findByRole("dialog");
    expect(container.querySelector("#root")).toHaveAttribute("inert");
  });

  it("cannot be dismissed when blocking", async () => {
    const user = userEvent.setup();
    render(<Harness blocking />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await screen.findByRole("alertdialog", { name: "Log in" });
    await user.keyboard("{Escape}");
    expect(screen.getByRole("alertdialog", { name: "Log in" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  });
});
