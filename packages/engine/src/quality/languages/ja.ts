import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

// "絵" alone is left out: "絵はがき" is a postcard, not "the picture is…".
const IMAGE = '画像|写真|イメージ|イラスト|図';

export const ja: Lexicon = {
  tag: 'ja',
  name: 'Japanese',
  articles: list('この|一枚の'),
  imageWords: list(
    '画像|写真|イメージ|イラスト|図|絵|アイコン|ロゴ|サムネイル|バナー|スクリーンショット|スクショ|挿絵|イメージ画像',
  ),
  placeholders: list(
    '写真はイメージです|画像はイメージです|イラストはイメージです|写真はイメージ|画像はイメージ|イメージです|クリックで拡大|クリックして拡大|クリックすると拡大します|クリックで拡大します|タップで拡大|ダミー画像|ダミー|画像準備中|写真準備中|準備中|ノーイメージ|no image|noimage|now printing|画像なし|画像がありません|写真はありません|仮画像|差し替え画像|画像は準備中です|サンプル写真|テスト画像|イメージ写真|イメージ画像|イメージ図|参考画像|参考写真|資料写真|サンプル画像|後で入力|あとで入力|未入力|準備中|無題|名称未設定|名前なし|タイトルなし|プレースホルダー|説明|画像の説明|代替テキスト|キャプション|画像なし|区切り線|装飾|背景|背景画像',
  ),
  redundantOpenings: [
    // Japanese puts the head last: "…の写真" (a photo of …), "…を写した画像".
    pattern(String.raw`(?:の|を写した|を示す|を表す|が写っている)(?:${IMAGE})(?:です|。)?$`),
    pattern(String.raw`^(?:この\s*)?(?:${IMAGE})(?:は|には|では)`),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
  ],
  labels: list(
    'キャプション|タイトル|見出し|小見出し|説明|画像の説明|代替テキスト|alt|クレジット|ファイル名|ファイル',
  ),
  instructions: [
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^(?:(?:画像|写真)を)?(?:クリック|タップ)(?:すると|して|で)?(?:拡大|大きく)(?:表示)?(?:します|されます|できます)?$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:代替テキスト|画像の説明|説明|キャプション|画像|写真)\s*(?:は)?\s*(?:準備中|未設定|未入力|後日追加|近日公開|ここに入力|をここに入力)(?:です)?$`),
    pattern(
      String.raw`^(?:(?:この)?(?:${IMAGE})を)?(?:説明してください|説明して|説明する|描写してください)$`,
    ),
    pattern(String.raw`(?:代替テキスト|説明|キャプション)を(?:入力|追加|記入)(?:してください|する|して)?$`),
    pattern(String.raw`^ここに(?:代替テキスト|説明|キャプション)`),
    pattern(String.raw`(?:リンク|ボタン)の唯一の内容`),
    pattern(String.raw`^(?:申し訳ありません|すみません).{0,40}(?:できません)`),
    pattern(String.raw`^ここをクリック$`),
  ],
  actions: list(
    '検索|探す|閉じる|メニュー|次へ|前へ|戻る|ホーム|トップ|トップページ|ページトップ|上へ|開く|表示|非表示|共有|シェア|ダウンロード|印刷|再生|一時停止|停止|送信|購入|注文|カート|カートに入れる|追加|削除|編集|保存|キャンセル|続ける|もっと見る|詳細|詳しく見る|見る|聴く|購読|フォロー|お問い合わせ|問い合わせ|電話|ヘルプ|設定|プロフィール|アカウント|マイページ|ログイン|ログアウト|会員登録|登録|お気に入り|比較|絞り込み|並べ替え|更新|コピー|スキップ|言語|通知|メッセージ|地図|アクセス|応募|予約|寄付|ショップ|確認|同意|拒否',
  ),
  stopWords: list(
    'の|を|に|へ|と|は|が|で|や|から|まで|こちら|クリック|リンク|ボタン|アイコン|画像|ロゴ|写真|矢印',
  ),
};
