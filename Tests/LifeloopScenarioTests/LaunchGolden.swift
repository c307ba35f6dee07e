/// What `lifeloop launch Samples/SeedSegue/Main.storyboard.json --tap A.button --tap B.button`
/// printed before the trace was streamed (the whole trace rendered into one string at the
/// end), captured byte for byte: streaming must not change a byte of it. Captured again when
/// L04w was revised: the same events, with `willMoveToSuperview` after the window moves'
/// `willMoveToWindow` (and the `seq` numbers of the moved events).
enum LaunchGolden {
    static let lines = """
app launch
A initWithCoder
A awakeFromNib
Window#1 becomeKeyWindow
A loadView
A.button willMoveToSuperview
A.button didMoveToSuperview
A.root didAddSubview
A.root awakeFromNib
A.button awakeFromNib
A viewDidLoad
A viewWillAppear
A.root willMoveToWindow
A.button willMoveToWindow
A.root willMoveToSuperview
A.button didMoveToWindow
A.root didMoveToWindow
A.root didMoveToSuperview
Window#1 didAddSubview
Window#1 layoutSubviews
A viewWillLayoutSubviews
A.root layoutSubviews
A viewDidLayoutSubviews
A.button layoutSubviews
Window#1 drawRect
A.root drawRect
A.button drawRect
A viewDidAppear
A.button tap
B initWithCoder
B awakeFromNib
A prepareForSegue
B loadView
B.button willMoveToSuperview
B.button didMoveToSuperview
B.root didAddSubview
B.root awakeFromNib
B.button awakeFromNib
B viewDidLoad
A viewWillDisappear
B viewWillAppear
B.root willMoveToWindow
B.button willMoveToWindow
B.root willMoveToSuperview
B.button didMoveToWindow
B.root didMoveToWindow
B.root didMoveToSuperview
Window#1 didAddSubview
Window#1 layoutSubviews
B viewWillLayoutSubviews
B.root layoutSubviews
B viewDidLayoutSubviews
B.button layoutSubviews
B.root drawRect
B.button drawRect
B viewDidAppear
Window#1 willRemoveSubview
A.root willMoveToSuperview
A.root willMoveToWindow
A.button willMoveToWindow
A.button didMoveToWindow
A.root didMoveToWindow
A.root didMoveToSuperview
A.root removeFromSuperview
A viewDidDisappear
Window#1 layoutSubviews
B.button tap
B viewWillDisappear
A viewWillAppear
A.root willMoveToWindow
A.button willMoveToWindow
A.root willMoveToSuperview
A.button didMoveToWindow
A.root didMoveToWindow
A.root didMoveToSuperview
Window#1 didAddSubview
Window#1 layoutSubviews
A viewDidAppear
Window#1 willRemoveSubview
B.root willMoveToSuperview
B.root willMoveToWindow
B.button willMoveToWindow
B.button didMoveToWindow
B.root didMoveToWindow
B.root didMoveToSuperview
B.root removeFromSuperview
B viewDidDisappear
B dealloc
B.root willRemoveSubview
B.button willMoveToSuperview
B.button didMoveToSuperview
B.button removeFromSuperview
Window#1 layoutSubviews

"""

    static let jsonl = """
{"seq":0,"time":0,"turn":0,"label":"app","event":"launch","detail":"Main"}
{"seq":1,"time":0,"turn":0,"label":"A","event":"initWithCoder"}
{"seq":2,"time":0,"turn":0,"label":"A","event":"awakeFromNib"}
{"seq":3,"time":0,"turn":0,"window":"Window#1","label":"Window#1","event":"becomeKeyWindow"}
{"seq":4,"time":0,"turn":0,"label":"A","event":"loadView"}
{"seq":5,"time":0,"turn":0,"label":"A.button","event":"willMoveToSuperview"}
{"seq":6,"time":0,"turn":0,"label":"A.button","event":"didMoveToSuperview"}
{"seq":7,"time":0,"turn":0,"label":"A.root","event":"didAddSubview","detail":"A.button"}
{"seq":8,"time":0,"turn":0,"label":"A.root","event":"awakeFromNib"}
{"seq":9,"time":0,"turn":0,"label":"A.button","event":"awakeFromNib"}
{"seq":10,"time":0,"turn":0,"label":"A","event":"viewDidLoad"}
{"seq":11,"time":0,"turn":0,"window":"Window#1","label":"A","event":"viewWillAppear"}
{"seq":12,"time":0,"turn":0,"label":"A.root","event":"willMoveToWindow"}
{"seq":13,"time":0,"turn":0,"label":"A.button","event":"willMoveToWindow"}
{"seq":14,"time":0,"turn":0,"label":"A.root","event":"willMoveToSuperview"}
{"seq":15,"time":0,"turn":0,"window":"Window#1","label":"A.button","event":"didMoveToWindow"}
{"seq":16,"time":0,"turn":0,"window":"Window#1","label":"A.root","event":"didMoveToWindow"}
{"seq":17,"time":0,"turn":0,"window":"Window#1","label":"A.root","event":"didMoveToSuperview"}
{"seq":18,"time":0,"turn":0,"window":"Window#1","label":"Window#1","event":"didAddSubview","detail":"A.root"}
{"seq":19,"time":0,"turn":1,"window":"Window#1","label":"Window#1","event":"layoutSubviews"}
{"seq":20,"time":0,"turn":1,"window":"Window#1","label":"A","event":"viewWillLayoutSubviews"}
{"seq":21,"time":0,"turn":1,"window":"Window#1","label":"A.root","event":"layoutSubviews"}
{"seq":22,"time":0,"turn":1,"window":"Window#1","label":"A","event":"viewDidLayoutSubviews"}
{"seq":23,"time":0,"turn":1,"window":"Window#1","label":"A.button","event":"layoutSubviews"}
{"seq":24,"time":0,"turn":1,"window":"Window#1","label":"Window#1","event":"drawRect"}
{"seq":25,"time":0,"turn":1,"window":"Window#1","label":"A.root","event":"drawRect"}
{"seq":26,"time":0,"turn":1,"window":"Window#1","label":"A.button","event":"drawRect"}
{"seq":27,"time":0,"turn":1,"window":"Window#1","label":"A","event":"viewDidAppear"}
{"seq":28,"time":0,"turn":1,"window":"Window#1","label":"A.button","event":"tap"}
{"seq":29,"time":0,"turn":1,"label":"B","event":"initWithCoder"}
{"seq":30,"time":0,"turn":1,"label":"B","event":"awakeFromNib"}
{"seq":31,"time":0,"turn":1,"window":"Window#1","label":"A","event":"prepareForSegue","detail":"showB"}
{"seq":32,"time":0,"turn":1,"label":"B","event":"loadView"}
{"seq":33,"time":0,"turn":1,"label":"B.button","event":"willMoveToSuperview"}
{"seq":34,"time":0,"turn":1,"label":"B.button","event":"didMoveToSuperview"}
{"seq":35,"time":0,"turn":1,"label":"B.root","event":"didAddSubview","detail":"B.button"}
{"seq":36,"time":0,"turn":1,"label":"B.root","event":"awakeFromNib"}
{"seq":37,"time":0,"turn":1,"label":"B.button","event":"awakeFromNib"}
{"seq":38,"time":0,"turn":1,"label":"B","event":"viewDidLoad"}
{"seq":39,"time":0,"turn":1,"window":"Window#1","label":"A","event":"viewWillDisappear"}
{"seq":40,"time":0,"turn":1,"window":"Window#1","label":"B","event":"viewWillAppear"}
{"seq":41,"time":0,"turn":1,"label":"B.root","event":"willMoveToWindow"}
{"seq":42,"time":0,"turn":1,"label":"B.button","event":"willMoveToWindow"}
{"seq":43,"time":0,"turn":1,"label":"B.root","event":"willMoveToSuperview"}
{"seq":44,"time":0,"turn":1,"window":"Window#1","label":"B.button","event":"didMoveToWindow"}
{"seq":45,"time":0,"turn":1,"window":"Window#1","label":"B.root","event":"didMoveToWindow"}
{"seq":46,"time":0,"turn":1,"window":"Window#1","label":"B.root","event":"didMoveToSuperview"}
{"seq":47,"time":0,"turn":1,"window":"Window#1","label":"Window#1","event":"didAddSubview","detail":"B.root"}
{"seq":48,"time":0,"turn":2,"window":"Window#1","label":"Window#1","event":"layoutSubviews"}
{"seq":49,"time":0,"turn":2,"window":"Window#1","label":"B","event":"viewWillLayoutSubviews"}
{"seq":50,"time":0,"turn":2,"window":"Window#1","label":"B.root","event":"layoutSubviews"}
{"seq":51,"time":0,"turn":2,"window":"Window#1","label":"B","event":"viewDidLayoutSubviews"}
{"seq":52,"time":0,"turn":2,"window":"Window#1","label":"B.button","event":"layoutSubviews"}
{"seq":53,"time":0,"turn":2,"window":"Window#1","label":"B.root","event":"drawRect"}
{"seq":54,"time":0,"turn":2,"window":"Window#1","label":"B.button","event":"drawRect"}
{"seq":55,"time":0,"turn":2,"window":"Window#1","label":"B","event":"viewDidAppear"}
{"seq":56,"time":0,"turn":2,"window":"Window#1","label":"Window#1","event":"willRemoveSubview","detail":"A.root"}
{"seq":57,"time":0,"turn":2,"window":"Window#1","label":"A.root","event":"willMoveToSuperview"}
{"seq":58,"time":0,"turn":2,"window":"Window#1","label":"A.root","event":"willMoveToWindow"}
{"seq":59,"time":0,"turn":2,"window":"Window#1","label":"A.button","event":"willMoveToWindow"}
{"seq":60,"time":0,"turn":2,"label":"A.button","event":"didMoveToWindow"}
{"seq":61,"time":0,"turn":2,"label":"A.root","event":"didMoveToWindow"}
{"seq":62,"time":0,"turn":2,"label":"A.root","event":"didMoveToSuperview"}
{"seq":63,"time":0,"turn":2,"label":"A.root","event":"removeFromSuperview"}
{"seq":64,"time":0,"turn":2,"window":"Window#1","label":"A","event":"viewDidDisappear"}
{"seq":65,"time":0,"turn":3,"window":"Window#1","label":"Window#1","event":"layoutSubviews"}
{"seq":66,"time":0,"turn":3,"window":"Window#1","label":"B.button","event":"tap"}
{"seq":67,"time":0,"turn":3,"window":"Window#1","label":"B","event":"viewWillDisappear"}
{"seq":68,"time":0,"turn":3,"window":"Window#1","label":"A","event":"viewWillAppear"}
{"seq":69,"time":0,"turn":3,"label":"A.root","event":"willMoveToWindow"}
{"seq":70,"time":0,"turn":3,"label":"A.button","event":"willMoveToWindow"}
{"seq":71,"time":0,"turn":3,"label":"A.root","event":"willMoveToSuperview"}
{"seq":72,"time":0,"turn":3,"window":"Window#1","label":"A.button","event":"didMoveToWindow"}
{"seq":73,"time":0,"turn":3,"window":"Window#1","label":"A.root","event":"didMoveToWindow"}
{"seq":74,"time":0,"turn":3,"window":"Window#1","label":"A.root","event":"didMoveToSuperview"}
{"seq":75,"time":0,"turn":3,"window":"Window#1","label":"Window#1","event":"didAddSubview","detail":"A.root"}
{"seq":76,"time":0,"turn":4,"window":"Window#1","label":"Window#1","event":"layoutSubviews"}
{"seq":77,"time":0,"turn":4,"window":"Window#1","label":"A","event":"viewDidAppear"}
{"seq":78,"time":0,"turn":4,"window":"Window#1","label":"Window#1","event":"willRemoveSubview","detail":"B.root"}
{"seq":79,"time":0,"turn":4,"window":"Window#1","label":"B.root","event":"willMoveToSuperview"}
{"seq":80,"time":0,"turn":4,"window":"Window#1","label":"B.root","event":"willMoveToWindow"}
{"seq":81,"time":0,"turn":4,"window":"Window#1","label":"B.button","event":"willMoveToWindow"}
{"seq":82,"time":0,"turn":4,"label":"B.button","event":"didMoveToWindow"}
{"seq":83,"time":0,"turn":4,"label":"B.root","event":"didMoveToWindow"}
{"seq":84,"time":0,"turn":4,"label":"B.root","event":"didMoveToSuperview"}
{"seq":85,"time":0,"turn":4,"label":"B.root","event":"removeFromSuperview"}
{"seq":86,"time":0,"turn":4,"window":"Window#1","label":"B","event":"viewDidDisappear"}
{"seq":87,"time":0,"turn":4,"window":"Window#1","label":"B","event":"dealloc"}
{"seq":88,"time":0,"turn":4,"label":"B.root","event":"willRemoveSubview","detail":"B.button"}
{"seq":89,"time":0,"turn":4,"label":"B.button","event":"willMoveToSuperview"}
{"seq":90,"time":0,"turn":4,"label":"B.button","event":"didMoveToSuperview"}
{"seq":91,"time":0,"turn":4,"label":"B.button","event":"removeFromSuperview"}
{"seq":92,"time":0,"turn":5,"window":"Window#1","label":"Window#1","event":"layoutSubviews"}

"""
}
