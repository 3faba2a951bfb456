import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

const IMAGE = 'resim|görsel|fotoğraf|foto|görüntü|illüstrasyon|çizim';

export const tr: Lexicon = {
  tag: 'tr',
  name: 'Turkish',
  articles: list('bir|bu'),
  imageWords: list(
    'öne çıkan görsel|öne çıkan resim|ürün görseli|ürün resmi|ürün fotoğrafı|kapak görseli|kapak fotoğrafı|ana görsel|galeri görseli|slider görseli|haber görseli|resim|görsel|fotoğraf|foto|görüntü|illüstrasyon|simge|ikon|logo|grafik|çizim|küçük resim|afiş|ekran görüntüsü|ekran resmi',
  ),
  placeholders: list(
    'yapay zeka ile oluşturulan görsel|yapay zeka ile oluşturuldu|yapay zeka görseli|yapay zekâ ile oluşturulan görsel|yapay zeka tarafından oluşturuldu|temsili görseldir|temsili fotoğraftır|temsili resimdir|görsel temsilidir|fotoğraf temsilidir|temsilidir|temsili görsel|temsili fotoğraf|temsili resim|örnek fotoğraf|büyütmek için tıklayın|büyütmek için tıklayınız|büyütmek için tıkla|büyük görmek için tıklayın|görsel bulunamadı|resim yok|görsel yok|fotoğraf yok|görsel mevcut değil|alternatif metin buraya|açıklama buraya|doldurulacak|eklenecek|temsili fotoğraf|temsili görsel|temsili resim|arşiv fotoğrafı|örnek görsel|örnek resim|adsız|başlıksız|isimsiz|yer tutucu|açıklama|görsel açıklaması|resim açıklaması|alternatif metin|alt metin|resimler|görseller|fotoğraflar|resim yok|görsel yok|ayırıcı|dekorasyon|arka plan',
  ),
  redundantOpenings: [
    // Turkish puts the head last: "…gösteren bir fotoğraf" (a photo showing…), "…in fotoğrafı".
    pattern(String.raw`\b(?:gösteren|tasvir eden)\s+(?:bir\s+)?(?:${IMAGE})$`),
    pattern(String.raw`\p{L}+(?:n[ıiuü]n|[ıiuü]n)\s+(?:fotoğrafı|görseli|görüntüsü)$`),
    pattern(String.raw`^(?:bu\s+)?(?:resimde|görselde|fotoğrafta|görüntüde)\b`),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
  ],
  labels: list(
    'başlık|alt başlık|bölüm başlığı|açıklama|görsel açıklaması|resim açıklaması|alternatif metin|alt metin|alt yazı|altyazı|alt|fotoğraf kredisi|dosya adı|dosya',
  ),
  instructions: [
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^(?:(?:büyütmek|büyük görmek|büyük görüntülemek)\s+için\s+)?(?:buraya\s+|resme\s+|görsele\s+|fotoğrafa\s+)?(?:tıklayın|tıklayınız|tıkla|dokunun)$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:alternatif metin|açıklama|görsel açıklaması|resim açıklaması|görsel|resim|fotoğraf)\s+(?:yakında|buraya|eklenecek|girilecek|yok|eksik)$`),
    // Template text in the order this language's editors write it (issue 34).
    pattern(String.raw`^(?:alternatif metni|alt metni|alternatif metin|görsel açıklamasını|görsel açıklaması|resim açıklaması|açıklamayı|açıklama)\s+(?:buraya\s+)?(?:girin|giriniz|ekleyin|ekleyiniz|yazın|yazınız)$`),
    pattern(
      String.raw`^(?:(?:bu\s+)?(?:resmi|görseli|fotoğrafı|görüntüyü)\s+)?(?:açıklayın|açıkla|tanımlayın|tanımla|betimleyin|betimle)\b`,
    ),
    pattern(
      String.raw`^(?:alternatif metin|alt metin|açıklama)\s+(?:ekleyin|ekle|girin|gir|yazın|yaz|buraya)\b`,
    ),
    pattern(String.raw`^buraya\s+(?:alternatif metin|alt metin|açıklama)\b`),
    pattern(String.raw`\btek içeriği olduğu\b`),
    pattern(String.raw`^(?:üzgünüm)\b.{0,40}\b(?:yapamam|edemem|göremiyorum)\b`),
    pattern(String.raw`^buraya\s+tıklayın$`),
  ],
  actions: list(
    'ara|arama|kapat|menü|ileri|sonraki|geri|önceki|ana sayfa|anasayfa|başa dön|yukarı|aç|göster|gizle|paylaş|indir|yazdır|oynat|duraklat|durdur|gönder|satın al|sipariş ver|sepet|sepete ekle|ekle|kaldır|sil|düzenle|kaydet|iptal|devam|devam et|daha fazla|devamını oku|görüntüle|izle|dinle|abone ol|takip et|iletişim|bize ulaşın|ara|yardım|ayarlar|profil|hesap|hesabım|giriş|giriş yap|oturum aç|çıkış|çıkış yap|kayıt ol|üye ol|favoriler|karşılaştır|filtrele|sırala|yenile|kopyala|atla|dil|bildirimler|mesajlar|harita|yol tarifi|başvur|rezervasyon|bağış yap|mağaza|tamam|kabul et|reddet|onayla',
  ),
  stopWords: list(
    've|veya|ile|için|bir|bu|şu|de|da|den|dan|bizim|sizin|burada|tıklayın|bağlantı|düğme|buton|simge|resim|logo|fotoğraf|ok',
  ),
};
