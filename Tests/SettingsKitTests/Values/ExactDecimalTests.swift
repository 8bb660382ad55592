import Testing

@testable import SettingsKit

/// Numbers are decimal text end to end: kept, compared and written exactly.
struct ExactDecimalTests {
  func decimal(_ text: String) throws -> ExactDecimal {
    try #require(ExactDecimal(text))
  }

  @Test(arguments: [
    ("0.1", "0.1"), ("0.10", "0.1"), ("-0", "0"), ("007", "7"), ("-12.50", "-12.5"), ("100", "100"),
    ("9007199254740993", "9007199254740993"), ("0.000001", "0.000001"),
    ("123456789012345678901234567890.12345678", "123456789012345678901234567890.12345678"),
  ])
  func plainTextIsWrittenBackExactly(text: String, written: String) throws {
    #expect(try decimal(text).description == written)
  }

  @Test(arguments: [
    ("1e3", "1000"), ("1.5E-2", "0.015"), ("2.50e+1", "25"), ("-1e0", "-1"), ("10e-1", "1"),
  ])
  func exponentsFromJSONAreWrittenWithout(text: String, written: String) throws {
    #expect(try ExactDecimal.parse(text, allowingExponent: true).get().description == written)
    #expect(ExactDecimal(text) == nil)
  }

  @Test func textThatIsNotADecimalIsRefusedWithItsReason() {
    #expect(ExactDecimal.parse("0,5") == .failure(.decimalComma))
    #expect(ExactDecimal.parse("1,000") == .failure(.decimalComma))
    for text in ["", "-", ".5", "5.", "+5", "1.2.3", "NaN", "inf", "0x10", " 5", "1e3", "1,", ",5"] {
      #expect(
        ExactDecimal.parse(text) == .failure(.malformed)
          || ExactDecimal.parse(text) == .failure(.decimalComma), "\(text)")
    }
    #expect(ExactDecimal.parse(String(repeating: "9", count: 39)) == .failure(.tooManyDigits))
    #expect(ExactDecimal.parse("0." + String(repeating: "1", count: 39)) == .failure(.tooManyDigits))
  }

  @Test func comparisonIsExact() throws {
    #expect(try decimal("0.1") == decimal("0.10"))
    #expect(try decimal("0.1") < decimal("0.11"))
    #expect(try decimal("-2") < decimal("-1.5"))
    #expect(try decimal("9007199254740993") > decimal("9007199254740992"))
    // Aligning these overflows 128 bits; the comparison still holds.
    #expect(
      try decimal("12345678901234567890123456789012345678")
        > decimal("0.12345678901234567890123456789012345678"))
  }

  @Test func stepsCountExactlyFromTheirBase() throws {
    let step = try decimal("0.1")
    #expect(try decimal("0.3").isOnStep(step, from: decimal("0")))
    #expect(try !decimal("0.35").isOnStep(step, from: decimal("0")))
    #expect(try decimal("1.25").isOnStep(decimal("0.5"), from: decimal("0.25")))
    #expect(try decimal("-0.7").isOnStep(step, from: decimal("0")))
    #expect(try decimal("9007199254740993").isOnStep(decimal("2"), from: decimal("1")))
  }

  @Test func stepsAreExactAtEverySizeAndScale() throws {
    let nines = String(repeating: "9", count: 38)
    let tiny = "0." + String(repeating: "0", count: 37) + "1"
    // Aligning these to one scale needs more than 128 bits; the answer is still exact.
    #expect(try decimal(nines).isOnStep(decimal("0.1"), from: decimal("0")))
    #expect(try decimal("5").isOnStep(decimal(tiny), from: decimal("0")))
    #expect(try decimal("-" + nines).isOnStep(decimal("0.25"), from: decimal("0")))
    #expect(try !decimal(tiny).isOnStep(decimal(nines), from: decimal("0")))
    #expect(try decimal("1.5").isOnStep(decimal("0.25"), from: decimal("0")))
    #expect(try !decimal("1.2").isOnStep(decimal("0.25"), from: decimal("0")))
    #expect(try !decimal("0.5").isOnStep(decimal("0.3"), from: decimal("0")))
    #expect(try decimal("0.9").isOnStep(decimal("0.3"), from: decimal("0")))
    #expect(try !decimal("0.2").isOnStep(decimal("0.3"), from: decimal("0.1")))
    #expect(try decimal("0.4").isOnStep(decimal("0.3"), from: decimal("0.1")))
  }

  @Test func aSumOrDifferenceBeyond38DigitsIsNil() throws {
    let nines = String(repeating: "9", count: 38)
    #expect(try decimal(nines).adding(decimal("1")) == nil)
    #expect(try decimal("-" + nines).subtracting(decimal("1")) == nil)
    #expect(
      try decimal(nines).subtracting(decimal("1"))?.description == String(repeating: "9", count: 37) + "8")
    #expect(try decimal("0.1").adding(decimal("0.2"))?.description == "0.3")
  }

  @Test func conversionsSayWhetherTheyFit() throws {
    #expect(try decimal("42").intValue == 42)
    #expect(try decimal("4.2").intValue == nil)
    #expect(try decimal("99999999999999999999").intValue == nil)
    #expect(try decimal("0.1").doubleValue == 0.1)
  }
}
