package br.com.lojaapi;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * The service: one Spring Boot application over the command-side and query-side libraries. It sits in the root
 * package so that component and entity scanning reach every module.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class StoreApiApplication {

    public static void main(String[] args) {
        SpringApplication.run(StoreApiApplication.class, args);
    }
}
