import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { Field, FieldFrame, TextareaField } from "./field.tsx";

function SignUpForm() {
  const { register, handleSubmit, formState } = useForm<{ email: string; bio: string }>({ defaultValues: { email: "", bio: "" } });
  return (
    <form onSubmit={handleSubmit(() => {})}>
      <Field label="Email" type="email" hint="We never share it" {...register("email", { required: "Email is required" })} error={formState.errors.email?.message} />
      <TextareaField label="Bio" {...register("bio")} />
      <button type="submit">Create</button>
    </form>
  );
}

describe("Field", () => {
  it("names the input by its label and describes it by its hint", () => {
    render(<Field label="Email" hint="We never share it" defaultValue="" />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAccessibleDescription("We never share it");
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("works with react-hook-form's register: the error marks the input invalid and describes it, focus goes to it", async () => {
    render(<SignUpForm />);
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    const email = screen.getByRole("textbox", { name: "Email" });
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription("We never share it Email is required");
    expect(email).toHaveFocus();
    fireEvent.change(email, { target: { value: "a@b.co" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(email).not.toHaveAttribute("aria-invalid"));
    expect(screen.getByRole("textbox", { name: "Bio" })).toBeInTheDocument();
  });

  it("joins a form-level error shown elsewhere to the description", () => {
    render(
      <>
        <p id="form-error">Invalid email or password</p>
        <Field label="Password" type="text" invalid aria-describedby="form-error" defaultValue="" />
      </>,
    );
    const input = screen.getByRole("textbox", { name: "Password" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Invalid email or password");
  });

  it("wires any control rendered through FieldFrame", () => {
    render(
      <FieldFrame label="Status" error="Pick one">
        {(control) => (
          <select {...control}>
            <option>Draft</option>
          </select>
        )}
      </FieldFrame>,
    );
    const select = screen.getByRole("combobox", { name: "Status" });
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAccessibleDescription("Pick one");
  });
});
