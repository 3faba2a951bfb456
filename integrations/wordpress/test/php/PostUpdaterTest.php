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
}
