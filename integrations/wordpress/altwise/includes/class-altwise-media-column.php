<?php
/** Media Library (list view): an "Alt text" column with the alt and its verdict. */
class Altwise_Media_Column {
	public static function register() {
		add_filter( 'manage_media_columns', array( __CLASS__, 'columns' ) );
		add_action( 'manage_media_custom_column', array( __CLASS__, 'cell' ), 10, 2 );
	}

	public static function columns( $columns ) {
		$columns['altwise_alt'] = esc_html__( 'Alt text', 'altwise' );
		return $columns;
	}

	/** missing | poor | ok | pending (a suggestion waits) | unchecked (a person's alt, not yet checked). */
	public static function verdict( $attachment_id ) {
		if ( Altwise_Suggestions::get( $attachment_id ) ) {
			return 'pending';
		}
		$alt = Altwise_Suggestions::current_alt( $attachment_id );
		if ( '' === $alt ) {
			return 'missing';
		}
		$check = get_post_meta( $attachment_id, Altwise_Suggestions::CHECK_META, true );
		if ( is_array( $check ) && isset( $check['alt'] ) && $check['alt'] === $alt ) {
			return $check['ok'] ? 'ok' : 'poor';
		}
		return 'unchecked';
	}

	public static function cell( $column, $attachment_id ) {
		if ( 'altwise_alt' !== $column || ! wp_attachment_is_image( $attachment_id ) ) {
			return;
		}
		$labels  = array(
			'missing'   => __( 'Missing', 'altwise' ),
			'poor'      => __( 'Poor', 'altwise' ),
			'ok'        => __( 'OK', 'altwise' ),
			'pending'   => __( 'Suggestion pending', 'altwise' ),
			'unchecked' => __( 'Not checked yet', 'altwise' ),
		);
		$verdict = self::verdict( $attachment_id );
		$alt     = Altwise_Suggestions::current_alt( $attachment_id );
		echo '<span class="altwise-verdict altwise-verdict-' . esc_attr( $verdict ) . '"><strong>' . esc_html( $labels[ $verdict ] ) . '</strong></span>';
		if ( '' !== $alt ) {
			echo '<br><span>' . esc_html( $alt ) . '</span>';
		}
	}
}
