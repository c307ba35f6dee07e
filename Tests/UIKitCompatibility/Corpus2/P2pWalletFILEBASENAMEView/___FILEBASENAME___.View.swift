___FILEHEADER___

import UIKit
import RxSwift
import RxCocoa

extension ___VARIABLE_NAME_SPACE___ {
    class ___FILEBASENAME___: BECompositionView {
        override func build() -> UIView {
            BEContainer {}
        }
    }
}
