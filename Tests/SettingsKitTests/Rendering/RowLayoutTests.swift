import Testing

@testable import SettingsKit

/// Golden rows at every width from 1 to 20: the parts keep their order (margin, icon, title,
/// accessory) and give way title first, then icon, then accessory.
///
/// Each expected line is `WIDTH|LINE|`, so trailing spaces show.
struct RowLayoutTests {
  /// The row's lines at widths 1 to 20, each as `WIDTH|LINE|`.
  func narrow(_ row: RowContent, icons: Bool) -> String {
    (1...20).flatMap { width in
      RowLayout(width: width, showsIcons: icons, colors: false).lines(for: row).map { "\(width)|\($0)|" }
    }.joined(separator: "\n")
  }

  /// A collapsible section's title row at widths 1 to 20, each as `WIDTH|LINE|`.
  func narrowTitle(_ title: String, isExpanded: Bool, summary: String?) -> String {
    (1...20).map { width in
      let line = RowLayout(width: width, showsIcons: true, colors: false)
        .titleLine(title, isExpanded: isExpanded, summary: summary)
      return "\(width)|\(line)|"
    }.joined(separator: "\n")
  }

  @Test func switchWithIcon() {
    let row = RowContent(icon: "🛫", title: "Airplane Mode", accessory: .switchState(false))
    #expect(
      narrow(row, icons: true) == """
        1| |
        2|  |
        3|  …|
        4|  o…|
        5|  off|
        6|   off|
        7|    off|
        8|  🛫 off|
        9|  🛫  off|
        10|  🛫 … off|
        11|  🛫 A… off|
        12|  🛫 Ai… off|
        13|  🛫 Air… off|
        14|  🛫 Airp… off|
        15|  🛫 Airpl… off|
        16|  🛫 Airpla… off|
        17|  🛫 Airplan… off|
        18|  🛫 Airplane… off|
        19|  🛫 Airplane … off|
        20|  🛫 Airplane M… off|
        """)
  }

  @Test func modifiedSwitchWithoutIcons() {
    let row = RowContent(isModified: true, title: "Airplane Mode", accessory: .switchState(true))
    #expect(
      narrow(row, icons: false) == """
        1|*|
        2|* |
        3|* …|
        4|* on|
        5|*  on|
        6|* … on|
        7|* A… on|
        8|* Ai… on|
        9|* Air… on|
        10|* Airp… on|
        11|* Airpl… on|
        12|* Airpla… on|
        13|* Airplan… on|
        14|* Airplane… on|
        15|* Airplane … on|
        16|* Airplane M… on|
        17|* Airplane Mo… on|
        18|* Airplane Mode on|
        19|* Airplane Mode  on|
        20|* Airplane Mode   on|
        """)
  }

  @Test func rightDetailWithIconAndValue() {
    let row = RowContent(icon: "📶", title: "Wi-Fi", accessory: .detail("Home"))
    #expect(
      narrow(row, icons: true) == """
        1| |
        2|  |
        3|  …|
        4|   …|
        5|  … ›|
        6|  H… ›|
        7|   H… ›|
        8|    H… ›|
        9|    Ho… ›|
        10|  📶 Ho… ›|
        11|  📶  Ho… ›|
        12|  📶  Home ›|
        13|  📶 … Home ›|
        14|  📶 W… Home ›|
        15|  📶 Wi… Home ›|
        16|  📶 Wi-… Home ›|
        17|  📶 Wi-Fi Home ›|
        18|  📶 Wi-Fi  Home ›|
        19|  📶 Wi-Fi   Home ›|
        20|  📶 Wi-Fi    Home ›|
        """)
  }

  @Test func rightDetailWithoutIconInAScreenWithIcons() {
    let row = RowContent(title: "Ringtone", accessory: .detail("Reflection"))
    #expect(
      narrow(row, icons: true) == """
        1| |
        2|  |
        3|  …|
        4|   …|
        5|  … ›|
        6|  R… ›|
        7|   R… ›|
        8|    R… ›|
        9|    Re… ›|
        10|     Re… ›|
        11|      Re… ›|
        12|      Ref… ›|
        13|     … Ref… ›|
        14|     R… Ref… ›|
        15|     R… Refl… ›|
        16|     Ri… Refl… ›|
        17|     Rin… Refl… ›|
        18|     Rin… Refle… ›|
        19|     Ring… Refle… ›|
        20|     Ringt… Refle… ›|
        """)
  }

  @Test func detailTitleWithIconAndSubtitle() {
    let row = RowContent(icon: "👤", title: "Kim", subTitle: "Apple ID, iCloud", accessory: .chevron)
    #expect(
      narrow(row, icons: true) == """
        1| |
        2|  |
        3|  ›|
        3|  …|
        4|   ›|
        4|  A…|
        5|    ›|
        5|  Ap…|
        6|  👤 ›|
        6|     …|
        7|  👤  ›|
        7|     A…|
        8|  👤 … ›|
        8|     Ap…|
        9|  👤 K… ›|
        9|     App…|
        10|  👤 Kim ›|
        10|     Appl…|
        11|  👤 Kim  ›|
        11|     Apple…|
        12|  👤 Kim   ›|
        12|     Apple …|
        13|  👤 Kim    ›|
        13|     Apple I…|
        14|  👤 Kim     ›|
        14|     Apple ID…|
        15|  👤 Kim      ›|
        15|     Apple ID,…|
        16|  👤 Kim       ›|
        16|     Apple ID, …|
        17|  👤 Kim        ›|
        17|     Apple ID, i…|
        18|  👤 Kim         ›|
        18|     Apple ID, iC…|
        19|  👤 Kim          ›|
        19|     Apple ID, iCl…|
        20|  👤 Kim           ›|
        20|     Apple ID, iClo…|
        """)
  }

  @Test func detailTitleWithoutIcons() {
    let row = RowContent(title: "General", accessory: .chevron)
    #expect(
      narrow(row, icons: false) == """
        1| |
        2|  |
        3|  ›|
        4|   ›|
        5|  … ›|
        6|  G… ›|
        7|  Ge… ›|
        8|  Gen… ›|
        9|  Gene… ›|
        10|  Gener… ›|
        11|  General ›|
        12|  General  ›|
        13|  General   ›|
        14|  General    ›|
        15|  General     ›|
        16|  General      ›|
        17|  General       ›|
        18|  General        ›|
        19|  General         ›|
        20|  General          ›|
        """)
  }

  @Test func disabledRowWithItsReason() {
    var row = RowContent(title: "Hotspot", accessory: .switchState(false))
    row.disabledReason = "needs Wi-Fi"
    #expect(
      narrow(row, icons: false) == """
        1| |
        2|  |
        3|  …|
        3|  …|
        4|  o…|
        4|  (…|
        5|  off|
        5|  (n…|
        6|   off|
        6|  (ne…|
        7|  … off|
        7|  (nee…|
        8|  H… off|
        8|  (need…|
        9|  Ho… off|
        9|  (needs…|
        10|  Hot… off|
        10|  (needs …|
        11|  Hots… off|
        11|  (needs W…|
        12|  Hotsp… off|
        12|  (needs Wi…|
        13|  Hotspot off|
        13|  (needs Wi-…|
        14|  Hotspot  off|
        14|  (needs Wi-F…|
        15|  Hotspot   off|
        15|  (needs Wi-Fi)|
        16|  Hotspot    off|
        16|  (needs Wi-Fi)|
        17|  Hotspot     off|
        17|  (needs Wi-Fi)|
        18|  Hotspot      off|
        18|  (needs Wi-Fi)|
        19|  Hotspot       off|
        19|  (needs Wi-Fi)|
        20|  Hotspot        off|
        20|  (needs Wi-Fi)|
        """)
  }

  /// The row that ``TextRenderer`` draws for a paginated section's "more" row.
  @Test func loadMoreRow() {
    let row = RowContent(title: "Load more (12 remaining)", accessory: .chevron)
    #expect(
      narrow(row, icons: true) == """
        1| |
        2|  |
        3|  ›|
        4|   ›|
        5|    ›|
        6|     ›|
        7|      ›|
        8|     … ›|
        9|     L… ›|
        10|     Lo… ›|
        11|     Loa… ›|
        12|     Load… ›|
        13|     Load … ›|
        14|     Load m… ›|
        15|     Load mo… ›|
        16|     Load mor… ›|
        17|     Load more… ›|
        18|     Load more … ›|
        19|     Load more (… ›|
        20|     Load more (1… ›|
        """)
  }

  @Test func closedSectionTitleRowWithSummary() {
    #expect(
      narrowTitle("Display", isExpanded: false, summary: "4 items, 1 changed") == """
        1|▸|
        2|▸ |
        3|▸ …|
        4|▸ 4…|
        5|▸  4…|
        6|▸  4 …|
        7|▸ … 4 …|
        8|▸ … 4 i…|
        9|▸ D… 4 i…|
        10|▸ D… 4 it…|
        11|▸ Di… 4 it…|
        12|▸ Di… 4 ite…|
        13|▸ Dis… 4 ite…|
        14|▸ Dis… 4 item…|
        15|▸ Disp… 4 item…|
        16|▸ Disp… 4 items…|
        17|▸ Displ… 4 items…|
        18|▸ Displ… 4 items,…|
        19|▸ Display 4 items,…|
        20|▸ Display 4 items, …|
        """)
  }

  @Test func openSectionTitleRow() {
    #expect(
      narrowTitle("Display", isExpanded: true, summary: nil) == """
        1|▾|
        2|▾ |
        3|▾ …|
        4|▾ D…|
        5|▾ Di…|
        6|▾ Dis…|
        7|▾ Disp…|
        8|▾ Displ…|
        9|▾ Display|
        10|▾ Display|
        11|▾ Display|
        12|▾ Display|
        13|▾ Display|
        14|▾ Display|
        15|▾ Display|
        16|▾ Display|
        17|▾ Display|
        18|▾ Display|
        19|▾ Display|
        20|▾ Display|
        """)
  }

  /// The lock sign takes the whole 2-column margin, over `*`, and is cut to `…` at a width of 1.
  @Test func lockedSwitchWithIcon() {
    var row = RowContent(isModified: true, icon: "🛫", title: "Airplane Mode", accessory: .switchState(true))
    row.isLocked = true
    #expect(
      narrow(row, icons: true) == """
        1|…|
        2|🔒|
        3|🔒…|
        4|🔒on|
        5|🔒 on|
        6|🔒  on|
        7|🔒🛫 on|
        8|🔒🛫  on|
        9|🔒🛫 … on|
        10|🔒🛫 A… on|
        11|🔒🛫 Ai… on|
        12|🔒🛫 Air… on|
        13|🔒🛫 Airp… on|
        14|🔒🛫 Airpl… on|
        15|🔒🛫 Airpla… on|
        16|🔒🛫 Airplan… on|
        17|🔒🛫 Airplane… on|
        18|🔒🛫 Airplane … on|
        19|🔒🛫 Airplane M… on|
        20|🔒🛫 Airplane Mo… on|
        """)
  }

  /// Every row keeps its shape at every width: never wider than the width, the title line exactly
  /// the width, and the accessory always at the right edge while it fits beside the margin.
  @Test(arguments: 1...20)
  func titleLinesAreExactlyTheWidth(width: Int) {
    let layout = RowLayout(width: width, showsIcons: true, colors: false)
    let rows = [
      RowContent(icon: "🛫", title: "에어플레인 모드", accessory: .switchState(false)),
      RowContent(icon: "📶", title: "Wi-Fi", accessory: .detail("끔")),
      RowContent(title: "개인용 핫스팟", subTitle: "켜짐", accessory: .detail("Reflection")),
      RowContent(isModified: true, icon: "👤", title: "Kim", accessory: .chevron),
    ]
    for row in rows {
      let lines = layout.lines(for: row)
      #expect(DisplayWidth.of(lines[0]) == width, "\(lines[0])")
      for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
    }
  }
}
