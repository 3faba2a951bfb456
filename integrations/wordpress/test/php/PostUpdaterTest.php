<?php
use PHPUnit\Framework\TestCase;

/** The post-content updater on post HTML as the block editor and the classic editor save it. */
class PostUpdaterTest extends TestCase {
	const URLS = array( 'http://127.0.0.1:9/wp-content/uploads/2026/11/harbour.jpg', 'http://127.0.0.1:9/wp-content/uploads/2026/11/harbour-300x200.jpg' );

	private function update( $html, $old = '' ) {
		return Altwise_Post_Updater::update_html( $html, 42, self::URLS, 'Fishing boats in a harbour at dawn', $old );
	}

	public function test_an_image_block_with_an_empty_alt_gets_the_new_alt() {
		$html = "<!-- wp:image {\"id\":42,\"sizeSlug\":\"large\"} -->\n<figure class=\"wp-block-image size-large\"><img src=\"http://127.0.0.1:9/wp-content/uploads/2026/11/harbour.jpg\" alt=\"\" class=\"wp-image-42\"/></figure>\n<!-- /wp:image -->";
		list( $out, $count ) = $this->update( $html );
		$this->assertSame( 1, $count );
		$this->assertSame( str_replace( 'alt=""', 'alt="Fishing boats in a harbour at dawn"', $html ), $out );
	}

	public function test_a_classic_image_by_size_url_without_an_alt_attribute_gets_one() {
		$html = '<p><a href="/harbour"><img class="alignnone size-medium" src="https://example.org/wp-content/uploads/2026/11/harbour-300x200.jpg?ver=2" width="300" height="200" /></a></p>';
		list( $out, $count ) = $this->update( $html );
		$this->assertSame( 1, $count );
		$this->assertSame( '<p><a href="/harbour"><img alt="Fishing boats in a harbour at dawn" class="alignnone size-medium" src="https://example.org/wp-content/uploads/2026/11/harbour-300x200.jpg?ver=2" width="300" height="200" /></a></p>', $out );
	}

	public function test_the_previous_attachment_alt_is_replaced() {
		list( $out, $count ) = $this->update( '<img src="x.jpg" class="wp-image-42" alt="IMG_2041.jpg">', 'IMG_2041.jpg' );
		$this->assertSame( 1, $count );
		$this->assertSame( '<img src="x.jpg" class="wp-image-42" alt="Fishing boats in a harbour at dawn">', $out );
	}

	public function test_an_alt_a_person_wrote_for_this_post_is_never_touched() {
		$html = '<figure class="wp-block-image"><img src="http://127.0.0.1:9/wp-content/uploads/2026/11/harbour.jpg" alt="Our boat, the Marie-Jeanne, leaving at 5 am" class="wp-image-42"/></figure>';
		list( $out, $count ) = $this->update( $html, 'IMG_2041.jpg' );
		$this->assertSame( 0, $count );
		$this->assertSame( $html, $out );
	}

	public function test_other_images_stay_as_they_are() {
		$html = '<img class="wp-image-420" src="/wp-content/uploads/2026/11/harbour-2.jpg" alt=""><img class="wp-image-4" src="/other.jpg" alt="">';
		list( $out, $count ) = $this->update( $html );
		$this->assertSame( 0, $count );
		$this->assertSame( $html, $out );
	}

	public function test_quotes_and_markup_in_attributes_and_in_the_alt_are_handled() {
		$html = '<img data-caption=\'a > b\' alt=\'\' class="x wp-image-42" title="&quot;t&quot;"> after';
		list( $out, $count ) = Altwise_Post_Updater::update_html( $html, 42, array(), 'A "quoted" <b>word</b> & more', '' );
		$this->assertSame( 1, $count );
		$this->assertSame( '<img data-caption=\'a > b\' alt="A &quot;quoted&quot; &lt;b&gt;word&lt;/b&gt; &amp; more" class="x wp-image-42" title="&quot;t&quot;"> after', $out );
	}

	public function test_posts_in_the_database_dry_run_then_update_only_where_the_alt_is_empty() {
		wp_set_current_user( 1 );
		$id     = FakeAltwise::attachment( 'harbour' );
		$url    = wp_get_attachment_url( $id );
		$empty  = wp_insert_post( array( 'post_title' => 'Dawn', 'post_status' => 'publish', 'post_content' => '<!-- wp:image {"id":' . $id . '} --><figure class="wp-block-image"><img src="' . $url . '" alt="" class="wp-image-' . $id . '"/></figure><!-- /wp:image -->' ) );
		$own    = '<figure class="wp-block-image"><img src="' . $url . '" alt="The Marie-Jeanne at dawn" class="wp-image-' . $id . '"/></figure>';
		$person = wp_insert_post( array( 'post_title' => 'Boat', 'post_status' => 'publish', 'post_content' => $own ) );

		$this->assertSame( 1, Altwise_Post_Updater::update_posts( $id, 'Fishing boats at dawn', '', true ) );
		$this->assertStringContainsString( 'alt=""', get_post( $empty )->post_content, 'a dry run writes nothing' );

		$this->assertSame( 1, Altwise_Post_Updater::update_posts( $id, 'Fishing boats at dawn', '', false ) );
		$this->assertStringContainsString( 'alt="Fishing boats at dawn"', get_post( $empty )->post_content );
		$this->assertSame( $own, get_post( $person )->post_content );
	}

	// The element model's rules (packages/engine/src/elements), as far as the updater mirrors them.

	/** @dataProvider decorative_images */
	public function test_a_hidden_or_presentational_image_is_decorative_and_stays_as_it_is( $tag ) {
		list( $out, $count ) = $this->update( $tag );
		$this->assertSame( 0, $count );
		$this->assertSame( $tag, $out );
	}

	public function decorative_images() {
		return array(
			'role="presentation"' => array( '<img src="x.jpg" class="wp-image-42" role="presentation">' ),
			'role="none", alt=""' => array( '<img src="x.jpg" class="wp-image-42" role="none" alt="">' ),
			'role in capitals'    => array( '<img src="x.jpg" class="wp-image-42" ROLE="Presentation">' ),
			'aria-hidden="true"'  => array( '<img src="x.jpg" class="wp-image-42" aria-hidden="TRUE" alt="">' ),
		);
	}

	public function test_a_presentational_image_that_is_focusable_or_has_global_aria_is_not_presentational() {
		foreach ( array( 'tabindex="0"', 'aria-describedby="note"' ) as $conflict ) {
			list( $out, $count ) = $this->update( '<img src="x.jpg" class="wp-image-42" role="presentation" ' . $conflict . '>' );
			$this->assertSame( 1, $count, $conflict );
			$this->assertStringContainsString( 'alt="Fishing boats in a harbour at dawn"', $out );
		}
	}

	/** @dataProvider named_images */
	public function test_a_name_a_person_gave_the_image_in_this_post_is_never_touched( $html ) {
		list( $out, $count ) = $this->update( $html );
		$this->assertSame( 0, $count );
		$this->assertSame( $html, $out );
	}

	public function named_images() {
		return array(
			'aria-label'      => array( '<img src="x.jpg" class="wp-image-42" aria-label="The Marie-Jeanne leaving at 5 am">' ),
			'aria-labelledby' => array( '<figure><img src="x.jpg" class="wp-image-42" alt="" aria-labelledby="cap"><figcaption id="cap">The Marie-Jeanne leaving at 5 am</figcaption></figure>' ),
			'title'           => array( '<img src="x.jpg" class="wp-image-42" title="The Marie-Jeanne leaving at 5 am">' ),
			'ARIA-LABEL'      => array( '<IMG SRC="x.jpg" CLASS="wp-image-42" ARIA-LABEL="The Marie-Jeanne leaving at 5 am">' ),
		);
	}

	public function test_aria_labelledby_pointing_at_nothing_names_nothing() {
		list( $out, $count ) = $this->update( '<img src="x.jpg" class="wp-image-42" aria-labelledby="nowhere">' );
		$this->assertSame( 1, $count );
		$this->assertStringContainsString( 'alt="Fishing boats in a harbour at dawn"', $out );
	}

	/** @dataProvider placeholder_alts */
	public function test_a_placeholder_alt_or_title_is_no_name_and_is_replaced( $alt ) {
		list( $out, $count ) = $this->update( '<img src="x.jpg" class="wp-image-42" alt="' . $alt . '">' );
		$this->assertSame( 1, $count, $alt );
		$this->assertSame( '<img src="x.jpg" class="wp-image-42" alt="Fishing boats in a harbour at dawn">', $out );
	}

	public function placeholder_alts() {
		$alts = array( 'image', 'Image', 'an image', 'Bild', 'ein Bild', 'immagine 3', 'Foto 3', 'image (1)', 'IMG_2041', '画像', '이미지', 'изображение', 'صورة', 'Untitled', 'Sans titre', 'Platzhalter', 'harbour-final.jpg', '“Photo”' );
		return array_combine( $alts, array_map( function ( $alt ) {
			return array( $alt );
		}, $alts ) );
	}

	public function test_a_placeholder_title_does_not_name_the_image() {
		list( $out, $count ) = $this->update( '<img src="x.jpg" class="wp-image-42" title="IMG_2041">' );
		$this->assertSame( 1, $count );
		$this->assertSame( '<img alt="Fishing boats in a harbour at dawn" src="x.jpg" class="wp-image-42" title="IMG_2041">', $out );
	}

	public function test_a_real_alt_that_only_mentions_a_picture_word_is_kept() {
		$html = '<img src="x.jpg" class="wp-image-42" alt="Bild der Woche: Fischerboote im Hafen">';
		list( $out, $count ) = $this->update( $html );
		$this->assertSame( 0, $count );
	}

	public function test_attribute_and_tag_names_are_case_insensitive_and_kept_as_written() {
		list( $out, $count ) = $this->update( '<IMG SRC="x.jpg" CLASS="wp-image-42" ALT="">' );
		$this->assertSame( 1, $count );
		$this->assertSame( '<IMG SRC="x.jpg" CLASS="wp-image-42" alt="Fishing boats in a harbour at dawn">', $out );
		list( $out ) = $this->update( '<IMG SRC="x.jpg" CLASS="wp-image-42">' );
		$this->assertSame( '<IMG alt="Fishing boats in a harbour at dawn" SRC="x.jpg" CLASS="wp-image-42">', $out );
	}

	/**
	 * The engine's verdicts on sample texts (placeholder-verdicts.json, written by `npm run
	 * wordpress:words` and kept current by scripts/test/wordpress-word-lists.test.ts).
	 */
	public function test_placeholders_are_judged_as_the_engine_judges_them() {
		$verdicts = json_decode( file_get_contents( __DIR__ . '/placeholder-verdicts.json' ), true );
		$this->assertGreaterThan( 40, count( $verdicts ) );
		foreach ( $verdicts as $text => $error ) {
			$text = (string) $text;
			if ( null === $error ) {
				$this->assertFalse( Altwise_Element_Rules::is_placeholder( $text ), "the engine accepts \"$text\"" );
			} elseif ( in_array( $error, array( 'placeholder', 'programmatic-reference', 'file-name' ), true ) ) {
				$this->assertTrue( Altwise_Element_Rules::is_placeholder( $text ), "the engine finds $error in \"$text\"" );
			}
		}
	}
}
