import { describe, expect, it } from "vitest";
import { DESCRIBE_SECTION_END, DESCRIBE_SECTION_START } from "../../src/github/comment-markers.js";
import { withDescriptionSection } from "../../src/github/description-section.js";

const section = (text: string) => `${DESCRIBE_SECTION_START}\n${text}\n${DESCRIBE_SECTION_END}`;

describe("withDescriptionSection", () => {
  it("an empty or missing body becomes the section", () => {
    expect(withDescriptionSection(null, section("new"))).toBe(section("new"));
    expect(withDescriptionSection("  \n", section("new"))).toBe(section("new"));
  });

  it("the author's text is kept and the section goes below it", () => {
    expect(withDescriptionSection("Fixes #12.\n\n", section("new"))).toBe(`Fixes #12.\n\n${section("new")}`);
  });

  it("running again replaces only the section: the author's text before and after is kept byte for byte", () => {
    const before = "Fixes #12.\r\n\r\nSee the design doc.\n\n";
    const after = "\n\n- [ ] tested on staging  \n";
    const body = `${before}${section("old text\nover lines")}${after}`;
    expect(withDescriptionSection(body, section("new"))).toBe(`${before}${section("new")}${after}`);
  });

  it("markers that are not alone on their line are the author's text, not our section", () => {
    const body = `Quoting \`${DESCRIBE_SECTION_START}\` and ${DESCRIBE_SECTION_END} inline.`;
    expect(withDescriptionSection(body, section("new"))).toBe(`${body}\n\n${section("new")}`);
  });

  it("a start marker with no end after it: nothing of the author's is dropped, the section is appended", () => {
    const body = `${DESCRIBE_SECTION_END}\nintro\n${DESCRIBE_SECTION_START}\nhalf a section`;
    expect(withDescriptionSection(body, section("new"))).toBe(`${body}\n\n${section("new")}`);
  });
});
